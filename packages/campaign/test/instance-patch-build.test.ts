// candidate.json `patch` through the build phase: the toy candidate of @ngcc-perf/intake's
// fixtures (test/fixtures/patched-candidate: one instance with a diff that changes its source, one
// with a diff naming a path outside the folder, one without) built by runCampaign. The patched
// copy lives in the run directory and is what gets built; build.json says so; the package's own
// files are untouched; the hostile diff leaves its instance without a library, naming why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadCandidate } from '@ngcc-perf/intake';
import { buildFileSchema } from '@ngcc-perf/record';
import { runCampaign, type CampaignEvent } from '../src/index.js';

const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../intake/test/fixtures/patched-candidate',
);
const work = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-patch-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('an instance whose candidate.json names a patch', () => {
  it('is built from a patched copy inside the run directory, recorded in build.json; a hostile diff is refused', async () => {
    const original = readFileSync(path.join(fixture, 'src', 'toy.c'), 'utf8');
    const candidate = await loadCandidate(fixture);
    const out = path.join(work, 'run');
    const events: CampaignEvent[] = [];
    await runCampaign({
      candidates: [candidate],
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build'],
      onEvent: (event) => events.push(event),
    });
    const build = buildFileSchema.parse(JSON.parse(readFileSync(path.join(out, 'build.json'), 'utf8')));
    const entry = (name: string) => build.instances.find((instance) => instance.instance === name)!;

    const diff = readFileSync(path.join(fixture, 'patches', 'fix.diff'));
    expect(entry('toy-fixed').patch).toEqual({
      file: 'patches/fix.diff',
      sha256: createHash('sha256').update(diff).digest('hex'),
      files: ['src/toy.c'],
    });
    expect(entry('toy-fixed').library).toBe('lib/kem-99/libtoy-fixed.so');
    const copy = path.join(out, 'patched', 'kem-99', 'toy-fixed', 'src', 'toy.c');
    expect(readFileSync(copy, 'utf8')).toContain('return 2;');
    // The build compiled the copy (toy_constant returns 2), not the package's file, left as it was.
    const disassembly = (name: string) =>
      execFileSync('objdump', ['-d', '--no-show-raw-insn', path.join(out, entry(name).library!)], { encoding: 'utf8' });
    expect(disassembly('toy-fixed')).toMatch(/<toy_constant>:\n\s+[0-9a-f]+:\s+mov\s+\$0x2,%eax/);
    expect(disassembly('toy-plain')).toMatch(/<toy_constant>:\n\s+[0-9a-f]+:\s+mov\s+\$0x1,%eax/);
    expect(readFileSync(path.join(fixture, 'src', 'toy.c'), 'utf8')).toBe(original);
    expect(entry('toy-fixed').sourcesSha256).not.toBe(entry('toy-plain').sourcesSha256);

    expect(entry('toy-plain').patch).toBeUndefined();
    expect(entry('toy-plain').library).toBe('lib/kem-99/libtoy-plain.so');

    const hostile = entry('toy-hostile');
    expect(hostile.library).toBeNull();
    expect(hostile.kat).toBe('LOADFAIL');
    expect(hostile.katDetail).toMatch(
      /candidate.json "patch" of instance toy-hostile was refused: patches\/hostile.diff line 1: the diff names "a\/..\/..\/outside.c", a path outside the candidate folder/,
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'build', instance: 'toy-hostile', status: 'failed' }),
    );
  });
});
