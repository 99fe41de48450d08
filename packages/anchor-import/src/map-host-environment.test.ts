import { describe, expect, it } from '@jest/globals';
import { mapHostEnvironment } from './map-host-environment.js';

describe('mapHostEnvironment', () => {
  // environment_at_end of the anchor's arm_1 campaign.json (abridged: the fields that map).
  const end = {
    hostname: 'vivo',
    architecture: 'aarch64',
    cpu_model: 'Qualcomm Oryon',
    logical_cpus_online: '0-11',
    virtualized: false,
    memory_total_kib: 31295756,
    os: 'Ubuntu 26.04.1 LTS',
    kernel: '7.0.0-34-generic',
    perf_event_paranoid: '2',
    cpufreq_governor: 'performance',
    cpufreq_min_khz: '2707200',
    cpufreq_max_khz: '2707200',
    intel_pstate_no_turbo: null,
    cpufreq_boost: '0',
    smt_control: 'notsupported',
    core_clock_hz: 2694173523,
  };

  it('converts sysfs text to numbers and booleans that read back to the same text', () => {
    expect(mapHostEnvironment(end)).toEqual({
      architecture: 'aarch64',
      cpuModel: 'Qualcomm Oryon',
      logicalCpusOnline: '0-11',
      virtualized: false,
      memoryTotalKib: 31295756,
      os: 'Ubuntu 26.04.1 LTS',
      kernel: '7.0.0-34-generic',
      perfEventParanoid: 2,
      cpufreqGovernor: 'performance',
      cpufreqMinKhz: 2707200,
      cpufreqMaxKhz: 2707200,
      noTurbo: null,
      boost: false,
      smtActive: false,
      loadAverage: null,
      extra: { hostname: 'vivo', smt_control: 'notsupported', core_clock_hz: 2694173523 },
    });
  });

  it('keeps in extra, verbatim, what does not convert exactly', () => {
    const mapped = mapHostEnvironment({ architecture: 'riscv64', cpufreq_boost: 'auto', cpufreq_max_khz: '0042' });
    expect(mapped).toMatchObject({ architecture: null, boost: null, cpufreqMaxKhz: 42 });
    expect(mapped.extra).toEqual({ architecture: 'riscv64', cpufreq_boost: 'auto', cpufreq_max_khz: '0042' });
  });
});
