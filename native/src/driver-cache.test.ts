import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { driverCacheDirectory } from './driver-cache.js';

const machine = `${process.platform}-${process.arch}`;

describe('driverCacheDirectory', () => {
  it('uses NGCC_PERF_CACHE_DIR first, then XDG_CACHE_HOME/ngcc-perf, then ~/.cache/ngcc-perf', () => {
    const all = { NGCC_PERF_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x', HOME: '/h' };
    expect(driverCacheDirectory('0.1.0', all)).toBe(path.join('/c', '0.1.0', machine));
    expect(driverCacheDirectory('0.1.0', { ...all, NGCC_PERF_CACHE_DIR: '' })).toBe(
      path.join('/x', 'ngcc-perf', '0.1.0', machine),
    );
    expect(driverCacheDirectory('0.2.0', { HOME: '/h' })).toBe(
      path.join('/h', '.cache', 'ngcc-perf', '0.2.0', machine),
    );
  });
});
