import { describe, expect, test } from '@jest/globals';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import type { BuildInstance } from '@ngcc-perf/record';
import { categoryPageInput, type CategoryDataset } from './category-datasets.js';

const trial = (iterations: number, retries?: number) => ({
  iterations,
  seconds: 0.01,
  ticks: 1000 * iterations,
  ...(retries === undefined ? {} : { retries }),
});

/** A sign record as far as the page input reads it: its trials' retries. */
function signRecord(trials: { iterations: number; retries?: number }[]) {
  return {
    candidate: 'sign-99',
    instance: 'Toy_SIG-1',
    status: 'complete',
    operation: { category: 'sig', name: 'sign', parameters: { messageBytes: 64 } },
    derived: {
      headline: { medianCycles: 5000, lowCycles: 4900, highCycles: 5100 },
      meanCycles: 5000,
      meanSeconds: 2.5e-6,
      opsPerSecond: 400000,
    },
    counter: { name: 'tsc', kind: 'fixed-rate' },
    processes: trials.map((figures) => ({ trial: trial(figures.iterations, figures.retries) })),
  };
}

function dataset(record: ReturnType<typeof signRecord>): CategoryDataset {
  const instance = { candidate: 'sign-99', instance: 'Toy_SIG-1', category: 'sig' } as BuildInstance;
  return {
    category: BUILT_IN_REGISTRY.get('sig'),
    instances: [instance],
    records: [{ file: 'records/sign-99/Toy_SIG-1__sign.json', record: record as never }],
  };
}

describe('the page input of a public-key category', () => {
  test("sums the records' retried sign attempts and the timed calls they fell in", () => {
    const input = categoryPageInput(
      dataset(
        signRecord([
          { iterations: 400, retries: 30 },
          { iterations: 400, retries: 42 },
        ]),
      ),
      'sign-99',
    );
    expect(input.operations[0]?.retries).toEqual({ attempts: 72, calls: 800 });
  });

  test('a record whose driver counted no retries has none on the page', () => {
    const input = categoryPageInput(dataset(signRecord([{ iterations: 400 }])), null);
    expect(input.operations[0]).not.toHaveProperty('retries');
  });
});
