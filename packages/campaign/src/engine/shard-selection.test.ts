import { describe, expect, it } from '@jest/globals';
import { assignShards, parseShardSpec, shardFromEnvironment } from './shard-selection.js';

describe('parseShardSpec', () => {
  it('reads K/N', () => {
    expect(parseShardSpec('2/3')).toEqual({ index: 2, count: 3, source: 'flag' });
  });
  it('names the option and the value when K is outside 1…N', () => {
    expect(() => parseShardSpec('0/2')).toThrow('--shard expects K/N with 1 ≤ K ≤ N (e.g. 2/4), got "0/2".');
    expect(() => parseShardSpec('3/2')).toThrow(/got "3\/2"/);
    expect(() => parseShardSpec('two')).toThrow(/got "two"/);
  });
});

describe('shardFromEnvironment', () => {
  it('maps a 0-based Slurm array (--array=0-3) to shards 1…4', () => {
    expect(
      shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '4' }),
    ).toEqual({ index: 1, count: 4, source: 'slurm' });
    expect(
      shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '4' }),
    ).toEqual({ index: 4, count: 4, source: 'slurm' });
  });
  it('maps a 1-based Slurm array (--array=1-4) to the same shards', () => {
    expect(
      shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' })?.index,
    ).toBe(1);
  });
  it('maps a stepped Slurm array (--array=1-7:2, tasks 1, 3, 5, 7) to shards 1…4 (task 7 was refused as 7/4)', () => {
    const array = { SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '7', SLURM_ARRAY_TASK_STEP: '2' };
    const shards = ['1', '3', '5', '7'].map(
      (id) => shardFromEnvironment({ ...array, SLURM_ARRAY_TASK_ID: id, SLURM_ARRAY_TASK_COUNT: '4' })?.index,
    );
    expect(shards).toEqual([1, 2, 3, 4]);
    expect(() => shardFromEnvironment({ ...array, SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_COUNT: '4' })).toThrow(
      /SLURM_ARRAY_TASK_ID=4 is not SLURM_ARRAY_TASK_MIN=1 plus a multiple of SLURM_ARRAY_TASK_STEP=2/,
    );
  });
  it('maps a Kubernetes Indexed Job (0-based JOB_COMPLETION_INDEX) with the given N', () => {
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: '2' }, 3)).toEqual({
      index: 3,
      count: 3,
      source: 'kubernetes',
    });
  });
  it('asks for N when a Kubernetes job does not give it', () => {
    expect(() => shardFromEnvironment({ JOB_COMPLETION_INDEX: '0' })).toThrow(/--shard-count N/);
  });
  it('refuses an index beyond N', () => {
    expect(() => shardFromEnvironment({ JOB_COMPLETION_INDEX: '3' }, 3)).toThrow(/shard 4\/3, outside 1…N/);
  });
  it('is null outside a job array', () => {
    expect(shardFromEnvironment({ HOME: '/root' })).toBeNull();
  });
});

describe('assignShards', () => {
  it('puts the longest instances first, each on the least-loaded shard (hand-computed)', () => {
    // 9 → shard 1 (0,0); 5 → shard 2 (9,0); 4 → shard 2 (9,5); 3 → shard 1 (9,9: tie, lower shard)
    const units = [
      { key: 'c/z', costSeconds: 4 },
      { key: 'a/x', costSeconds: 9 },
      { key: 'd/w', costSeconds: 3 },
      { key: 'b/y', costSeconds: 5 },
    ];
    expect(assignShards(units, 2)).toEqual({ 'c/z': 2, 'a/x': 1, 'd/w': 1, 'b/y': 2 });
  });
  it('falls back to a round-robin in key order without prior costs', () => {
    const units = ['e/5', 'a/1', 'c/3', 'b/2', 'd/4'].map((key) => ({ key, costSeconds: null }));
    expect(assignShards(units, 2)).toEqual({ 'a/1': 1, 'b/2': 2, 'c/3': 1, 'd/4': 2, 'e/5': 1 });
  });
  it('counts an instance without a prior cost as the median known cost', () => {
    // median of [2, 10] (lower middle) = 2: order a/x 10, b/y 2, n/new 2 (key order) → 1, 2, 2
    const units = [
      { key: 'a/x', costSeconds: 10 },
      { key: 'n/new', costSeconds: null },
      { key: 'b/y', costSeconds: 2 },
    ];
    expect(assignShards(units, 2)).toEqual({ 'a/x': 1, 'n/new': 2, 'b/y': 2 });
  });
  it('gives every instance to shard 1 of 1', () => {
    expect(assignShards([{ key: 'a/x', costSeconds: 1 }], 1)).toEqual({ 'a/x': 1 });
  });
});
