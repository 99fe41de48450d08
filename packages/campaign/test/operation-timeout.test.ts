// A public-key operation that hangs in its trials (the toy KEM of native/testlibs whose kem_enc never
// returns on its 200th call in a process: the KAT's ten pass, the calibration's at most 102 too) under
// `operationTimeoutSeconds` (`ngcc-perf run --operation-timeout`): the driver's own --timeout ends the
// trial process, its record says TIMEOUT with the phase, and the other operations are measured.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { operationRecordSchema } from '@ngcc-perf/record';
import { runCampaign } from '../src/index.js';
import { describeWithTestlib, temporaryWorkDirectory, toyKemCandidate } from './support/toy-kem-candidate.js';

const describeWithToy = describeWithTestlib('pk_toy_kem_hang_enc_late');
const work = temporaryWorkDirectory('ngcc-perf-operation-timeout-');

const candidate = toyKemCandidate({
  id: 'kem-99',
  algorithm: 'ToyKem',
  instance: 'ToyKem_late_hang',
  library: 'pk_toy_kem_hang_enc_late',
});

describeWithToy('a per-operation timeout', () => {
  it('ends a hanging trial as TIMEOUT in its record, and measures the other operations', async () => {
    const out = path.join(work, 'run');
    const result = await runCampaign({
      candidates: [candidate],
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat', 'calibrate', 'measure'],
      trialTargetSeconds: 0.002,
      trials: 2,
      operationTimeoutSeconds: 1,
    });
    expect(result.verdicts.map((entry) => entry.verdict)).toEqual(['NOKAT']);
    expect(result.records).toMatchObject({ complete: 2, failed: 1 });
    const record = (stem: string) =>
      operationRecordSchema.parse(
        JSON.parse(readFileSync(path.join(out, 'records', 'kem-99', `ToyKem_late_hang__${stem}.json`), 'utf8')),
      );
    const enc = record('enc');
    expect(enc.status).toBe('failed');
    expect(enc.plan?.operationTimeoutSeconds).toBe(1);
    const failure = enc.processes[0]?.failure;
    expect(failure?.code).toBe('TIMEOUT');
    expect(failure?.message).toMatch(/kem enc did not end within \d+ s \(--timeout\)/);
    expect(enc.processes[0]?.command).toEqual(expect.arrayContaining(['--timeout']));
    expect(enc.status === 'failed' ? enc.failure : '').toMatch(/^trial 1 of 2: TIMEOUT/);
    for (const stem of ['keygen', 'dec']) expect(record(stem).status).toBe('complete');
  });
});
