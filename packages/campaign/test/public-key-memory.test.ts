// The measure phase of a public-key instance adds the memory of one call of each operation, as it
// does for hash operations: the toy KEM of native/testlibs (pk_toy_kem.c, built by native/) taken
// through build, KAT, calibrate and measure; each record's `memory` comes from the driver's
// op-memory (the operation's set-up objects made first, then one call measured), shown on the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { operationRecordSchema } from '@ngcc-perf/record';
import { validateRunDirectory } from '@ngcc-perf/report';
import { runCampaign } from '../src/index.js';
import { describeWithTestlib, temporaryWorkDirectory, toyKemCandidate } from './support/toy-kem-candidate.js';

const describeWithToy = describeWithTestlib('pk_toy_kem');
const work = temporaryWorkDirectory('ngcc-perf-pk-memory-');

describeWithToy('memory per operation of a public-key instance', () => {
  it('gives each KEM operation record the stack, heap and peak of one call, measured by op-memory', async () => {
    const out = path.join(work, 'run');
    const result = await runCampaign({
      candidates: [toyKemCandidate({ id: 'kem-99', instance: 'ToyKEM', library: 'pk_toy_kem' })],
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat', 'calibrate', 'measure', 'report'],
      trialTargetSeconds: 0.002,
      trials: 2,
    });
    expect(result.records).toMatchObject({ complete: 3, failed: 0 });
    for (const name of ['keygen', 'enc', 'dec']) {
      const file = path.join(out, 'records', 'kem-99', `ToyKEM__${name}.json`);
      const record = operationRecordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      expect(record.memoryFailure ?? null).toBeNull();
      const memory = record.memory;
      if (memory === null || memory === undefined) throw new Error(`${name}: no memory (${record.memoryFailure})`);
      // The command is the driver's op-memory of this operation, its path relative to the run directory.
      expect(memory.command?.slice(1, 5)).toEqual(['op-memory', 'lib/kem-99/libToyKEM.so', 'kem', name]);
      expect(memory.exitCode).toBe(0);
      // The toy's calls use a few hundred bytes of stack and no heap; the trampoline is counted in the depth.
      expect(memory.stackHighWaterBytes).toBeGreaterThan(memory.stackOverheadBytes ?? 0);
      expect(memory.stackHighWaterBytes).toBeLessThan(64 * 1024);
      expect(memory.heapPeakBytes).toBe(0);
      expect(memory.peakRssBytes).toBeGreaterThanOrEqual(memory.baselineRssBytes ?? 0);
    }
    // The candidate page shows them (item (5)), and the run directory validates byte for byte.
    expect(readFileSync(path.join(out, 'reports', 'kem-99', 'perf_toy_1.md'), 'utf8')).toMatch(
      /\| `ToyKEM` \| dec \| \d+ \| \d+ KiB \| \d+ KiB \| \d+ B \| 0 B \|/,
    );
    expect(await validateRunDirectory(out)).toMatchObject({ valid: true });
  }, 240_000);
});
