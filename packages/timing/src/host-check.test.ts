import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { FakeRunner, perCall } from '../test/support/fake-runner.js';
import { hostWarning } from './host-check.js';
import { measureOperation } from './measure-operation.js';

const OPERATION = { library: '/libs/liba.so', digestBits: 256, messageBytes: 64, cpu: 1 } as const;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the host check of measureOperation', () => {
  it('warn (default): the problems in the result and on stderr; quiet: in the result only; off: neither', async () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const run = (hostCheck?: 'warn' | 'quiet' | 'off') =>
      measureOperation({
        ...OPERATION,
        ...(hostCheck === undefined ? {} : { hostCheck }),
        runner: new FakeRunner([perCall(5e-7, 1000, { cpu: 1 })]),
      });
    // the fake driver's counter is the TSC: never core cycles, so always at least that problem
    const warned = await run();
    expect(warned.hostProblems!.map((problem) => problem.code)).toContain('no-core-cycle-counter');
    expect(write.mock.calls.map(([text]) => String(text)).join('')).toBe(hostWarning(warned.hostProblems!));
    write.mockClear();
    const quiet = await run('quiet');
    expect(quiet.hostProblems).toEqual(warned.hostProblems);
    expect(write).not.toHaveBeenCalled();
    expect((await run('off')).hostProblems).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });

  it('says nothing for a fit host, and names each problem with its code otherwise', () => {
    expect(hostWarning([])).toBe('');
    expect(hostWarning([{ code: 'turbo-on', message: 'turbo is on' }])).toBe(
      'ngcc-perf: warning: this host has 1 problem(s) that make the figures less trustworthy ' +
        '(`ngcc-perf run` refuses it without --allow-unfixed-host):\n' +
        '  - turbo-on: turbo is on\n' +
        "ngcc-perf: the result's hostProblems lists them; hostCheck: 'quiet' silences this warning.\n",
    );
  });
});
