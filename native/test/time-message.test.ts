// `time --message rule|random` and `--offset N` (PROTOCOL.md, time subcommand).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const build = path.dirname(process.env.NGCC_PERF_DRIVER!);
const driver = process.env.NGCC_PERF_DRIVER!;
const checkRule = path.join(build, 'testlibs', 'libcheck_rule.so');

function time(args: string[]) {
  const result = spawnSync(driver, ['time', ...args], { encoding: 'utf8' });
  const lines = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  return { status: result.status, lines };
}

describe('time message options', () => {
  it('keeps the guide rule at an unaligned offset and says so in meta', () => {
    // libcheck_rule returns 0 only when every byte follows (i*131 + L) mod 256.
    const { status, lines } = time([checkRule, '256', '100', '10', '1', '--offset', '5']);
    expect(status).toBe(0);
    expect(lines[0]).toMatchObject({ type: 'meta', message: 'rule', alignmentOffsetBytes: 5 });
  });

  it('fills a random message that is not the rule', () => {
    const { status, lines } = time([checkRule, '256', '100', '10', '1', '--message', 'random']);
    expect(status).toBe(3);
    expect(lines.at(-1)).toMatchObject({ type: 'error', code: 'CRYPTOFAIL' });
  });

  it('still catches a digest overflow with an offset message', () => {
    const { status, lines } = time([
      path.join(build, 'testlibs', 'liboverflow.so'),
      '256',
      '100',
      '10',
      '1',
      '--offset',
      '7',
    ]);
    expect(status).toBe(4);
    expect(lines.at(-1)).toMatchObject({ code: 'OVERFLOW', buffer: 'digest' });
  });

  it('refuses an offset past 63 and an unknown fill', () => {
    expect(time([checkRule, '256', '100', '10', '1', '--offset', '64']).status).toBe(2);
    expect(time([checkRule, '256', '100', '10', '1', '--message', 'zeros']).status).toBe(2);
  });
});
