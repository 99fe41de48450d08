// A KEM run for the ranking tests: test/fixtures/run-kem (the toy KEM through the campaign), its
// instance and records copied under other candidates and names, with chosen cycles, sizes and KAT verdicts.
import { fileURLToPath } from 'node:url';
import { headlineFigure } from '@ngcc-perf/stats';
import { loadRunDirectory } from '../src/load-run-directory.js';
import type { Dataset } from '../src/dataset.js';

const RUN = fileURLToPath(new URL('./fixtures/run-kem', import.meta.url));

export interface SetFacts {
  candidate: string;
  algorithm?: string;
  instance: string;
  /** Ticks per call of enc and dec; the trials spread ±`spread` around them. */
  enc: number;
  dec: number;
  pk: number;
  ct: number;
  spread?: number;
  kat?: 'PASS' | 'MISMATCH';
}

/** The run-kem fixture with one copy of its `ToyKEM` instance and records per set, measured apart (no batch). */
export async function kemDataset(facts: readonly SetFacts[]): Promise<Dataset> {
  const base = await loadRunDirectory(RUN);
  const template = base.build.instances.find((entry) => entry.instance === 'ToyKEM')!;
  const records = (base.operationRecords ?? []).filter(({ record }) => record.instance === 'ToyKEM');
  const dataset = structuredClone(base);
  dataset.build.instances = facts.map((item) => ({
    ...structuredClone(template),
    candidate: item.candidate,
    algorithm: item.algorithm ?? item.candidate,
    instance: item.instance,
    kat: item.kat ?? 'PASS',
    sizes: template.sizes!.map((size) => {
      const bytes = size.key === 'pk' ? item.pk : size.key === 'ct' ? item.ct : size.getterBytes;
      return { ...size, getterBytes: bytes, writtenBytes: bytes };
    }),
  }));
  dataset.operationRecords = facts.flatMap((item) =>
    records.map(({ record }) => {
      const copy = structuredClone(record);
      Object.assign(copy, { candidate: item.candidate, instance: item.instance });
      const perCall = copy.operation.name === 'enc' ? item.enc : copy.operation.name === 'dec' ? item.dec : 1000;
      const trials = copy.processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial]));
      trials.forEach((trial, index) => {
        trial.ticks = Math.round(trial.iterations * perCall * (1 + (index - 1) * (item.spread ?? 0.01)));
      });
      if (copy.status === 'complete') copy.derived.headline = { ...copy.derived.headline!, ...headlineFigure(trials) };
      delete copy.interleaving;
      return { file: `records/${item.candidate}/${item.instance}__${copy.operation.name}.json`, record: copy };
    }),
  );
  return dataset;
}

/**
 * Toy KEM sets: five candidates at 128 bits (kem-40's published set named for 512, two overlapping
 * candidates, one with two sets, one that failed its KAT), one at 256, one whose target nothing states.
 */
export const TOY_KEM_SETS: readonly SetFacts[] = [
  // the published 128-bit set of kem-40 (its name says 512: the bundled data decide), and a faster set of
  // the same candidate whose name says 128, which the published rule does not pick
  { candidate: 'kem-40', instance: 'yuanyang-512', enc: 100_000, dec: 120_000, pk: 800, ct: 700 },
  { candidate: 'kem-40', instance: 'yuanyang-lite-128', enc: 50_000, dec: 60_000, pk: 800, ct: 700 },
  // two candidates whose enc trials overlap (±5 %), one of them with kem-40's public key size
  { candidate: 'toy-a', instance: 'A128', enc: 200_000, dec: 210_000, pk: 800, ct: 900, spread: 0.05 },
  { candidate: 'toy-b', instance: 'B128', enc: 204_000, dec: 400_000, pk: 1000, ct: 500, spread: 0.05 },
  // a candidate with two sets at 128 and none published: the faster by mean cycle rank represents it
  { candidate: 'toy-c', instance: 'C128', enc: 900_000, dec: 900_000, pk: 2000, ct: 2000 },
  { candidate: 'toy-c', instance: 'C128s', enc: 700_000, dec: 800_000, pk: 2000, ct: 2000 },
  // one at 256 by its name, one whose target nothing states, one that failed its KAT
  { candidate: 'toy-e', instance: 'E256', enc: 1, dec: 1, pk: 1, ct: 1 },
  { candidate: 'toy-d', instance: 'ToyD', enc: 1, dec: 1, pk: 1, ct: 1 },
  { candidate: 'toy-f', instance: 'F128', enc: 1, dec: 1, pk: 1, ct: 1, kat: 'MISMATCH' },
];
