import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { readHostEnvironment } from './read-host-environment.js';

const tree = (name: string) => {
  const root = fileURLToPath(new URL(`../test/fixtures/hosts/${name}/`, import.meta.url));
  return { procRoot: `${root}proc`, sysRoot: `${root}sys`, etcRoot: `${root}etc` };
};

describe('readHostEnvironment', () => {
  it('reads the development VM capture: virtualised, no cpufreq, no SMT', () => {
    expect(readHostEnvironment(tree('vm-epyc-2cpu'))).toEqual({
      architecture: 'x86_64',
      cpuModel: 'AMD EPYC',
      logicalCpusOnline: '0-1',
      virtualized: true,
      memoryTotalKib: 24683656,
      os: 'Debian GNU/Linux 12 (bookworm)',
      kernel: '6.18.44-fc-v782',
      perfEventParanoid: 2,
      cpufreqGovernor: null,
      cpufreqMinKhz: null,
      cpufreqMaxKhz: null,
      noTurbo: null,
      boost: null,
      smtActive: false,
      loadAverage: [1.9, 1.2, 0.8],
    });
  });

  it("reads a tuned bare-metal host (the seed's i7-12700 at a fixed 2.10 GHz) for CPU 2", () => {
    expect(readHostEnvironment({ ...tree('bare-metal-tuned'), cpu: 2 })).toEqual({
      architecture: 'x86_64',
      cpuModel: '12th Gen Intel(R) Core(TM) i7-12700',
      logicalCpusOnline: '0-19',
      virtualized: false,
      memoryTotalKib: 32550912, // 31788 MiB, as the seed prints it
      os: 'Debian GNU/Linux 13 (trixie)',
      kernel: '6.12.107+deb13-amd64',
      perfEventParanoid: 2,
      cpufreqGovernor: 'performance',
      cpufreqMinKhz: 2100000,
      cpufreqMaxKhz: 2100000,
      noTurbo: true,
      boost: null,
      smtActive: false,
      loadAverage: [0.02, 0.05, 0.01],
    });
  });

  it('defaults to the first online CPU (cpu0 has no cpufreq in the tuned tree)', () => {
    expect(readHostEnvironment(tree('bare-metal-tuned')).cpufreqGovernor).toBeNull();
  });

  it('gives null for everything on an empty tree', () => {
    const empty = readHostEnvironment({ procRoot: '/nonexistent/proc', sysRoot: '/nonexistent/sys', etcRoot: '/nonexistent/etc' });
    expect(Object.values(empty).every((value) => value === null)).toBe(true);
  });

  it('reads this machine without throwing', () => {
    const here = readHostEnvironment();
    expect(here.architecture).toMatch(/^(x86_64|aarch64)$/);
    expect(here.memoryTotalKib).toBeGreaterThan(0);
    expect(here.loadAverage).toHaveLength(3);
  });
});
