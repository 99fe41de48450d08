import type { HostAssessment } from './assess-host.js';
import type { HostFinding } from './host-finding.js';

const mhz = (hz: number | null | undefined) =>
  hz === null || hz === undefined ? 'unknown' : `${(hz / 1e6).toFixed(2)} MHz`;
const orText = (value: string | number | boolean | null | undefined, missing = 'not exposed') =>
  value === null || value === undefined ? missing : String(value);

const mib = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined ? 'no limit' : `${Math.round(bytes / 1048576)} MiB`;

/** The sandbox row: the mode with its limits, or why candidate code would run unconfined or not at all. */
function describeSandbox(sandbox: HostAssessment['sandbox']): string {
  if (sandbox === undefined)
    return 'not reported: the driver predates the sandbox; rebuild native/ with "npm run build"';
  if (sandbox.mode === 'off')
    return `OFF (${sandbox.reason ?? 'turned off'}): candidate code runs with this user's full rights`;
  if (sandbox.mode === 'unavailable') {
    return `UNAVAILABLE: ${sandbox.reason ?? 'unknown reason'}; every library-running driver process will fail (install bubblewrap, or pass --no-sandbox on a machine you do not mind candidate code touching)`;
  }
  const cpu =
    sandbox.cpuSeconds === null || sandbox.cpuSeconds === undefined ? 'no CPU limit' : `${sandbox.cpuSeconds} s CPU`;
  return (
    `${sandbox.mode}: no network, read-only filesystem but ${sandbox.scratch ?? 'scratch'} (${mib(sandbox.scratchBytes)}), ` +
    `no new privileges, seccomp; address space ${mib(sandbox.maxMemoryBytes)}, ${cpu}, ${sandbox.openFiles ?? '?'} files, no core dumps` +
    (sandbox.bwrapFailure === undefined ? '' : ` (bwrap failed: ${sandbox.bwrapFailure})`)
  );
}

/**
 * The human form of a host assessment, as `ngcc-perf check-host` prints it: a two-column table of what was read, then the problems
 * and the notes with their codes. A pure function of the assessment.
 * @example
 * process.stdout.write(describeHostAssessment(await assessHost({ cpu: 1 })));
 */
export function describeHostAssessment(assessment: HostAssessment): string {
  const { environment: env, counter, clockProbe: probe } = assessment;
  const online = env.logicalCpusOnline ?? '?';
  const costs = [
    counter.overheadTicks === undefined ? null : `a read costs ${counter.overheadTicks} ticks`,
    counter.resolutionTicks === undefined ? null : `resolution ${counter.resolutionTicks} ticks`,
  ].filter((part) => part !== null);
  const h = env.hypervisor;
  const rows: Array<[string, string]> = [
    [
      'counter',
      [`${counter.name} (${counter.kind})`, ...(counter.hz === undefined ? [] : [mhz(counter.hz)]), ...costs].join(
        ', ',
      ),
    ],
    ...(counter.reason === undefined ? [] : [['why not better', counter.reason] as [string, string]]),
    [
      'clock probe',
      probe === null
        ? 'not run'
        : `${probe.counter} at ${mhz(probe.medianHz)}, IQR ${(probe.iqrRelative * 100).toPrecision(2)} % over ${probe.windowsHz.length} windows: ` +
          `${probe.steady ? 'steady' : 'UNSTEADY'} (${probe.measures === 'core-clock' ? 'the core clock' : "the counter's own rate, not the core clock"})`,
    ],
    [
      'TSC',
      env.tscFlags === null
        ? 'not x86'
        : `${mhz(assessment.tscHz)}${assessment.tscHzSource === null ? '' : ` (${assessment.tscHzSource})`}; flags ${env.tscFlags.join(' ') || 'none'}`,
    ],
    ['clocksource', orText(env.clocksource)],
    [
      'hypervisor',
      h === null
        ? env.virtualized === false
          ? 'none'
          : 'unknown'
        : `${h.name ?? 'present, name unknown'} (${h.detectedBy})`,
    ],
    [
      'cpufreq',
      env.cpufreqGovernor === null && env.cpufreqMinKhz === null
        ? 'not exposed'
        : `${orText(env.cpufreqGovernor)}, ${orText(env.cpufreqMinKhz)}–${orText(env.cpufreqMaxKhz)} kHz`,
    ],
    ['turbo / boost', `no_turbo ${orText(env.noTurbo)}, boost ${orText(env.boost)}`],
    ['SMT siblings', orText(env.smtSiblings)],
    ['hybrid core', orText(env.hybridCoreType, 'not hybrid (or not exposed)')],
    [
      'isolcpus / nohz_full',
      `${env.isolatedCpus === '' ? 'none' : orText(env.isolatedCpus)} / ${env.nohzFullCpus === '' ? 'none' : orText(env.nohzFullCpus)}`,
    ],
    ['ASLR', `randomize_va_space ${orText(env.randomizeVaSpace)}`],
    ['perf_event_paranoid', orText(env.perfEventParanoid)],
    ['sandbox', describeSandbox(assessment.sandbox)],
    ['load average', env.loadAverage === null ? 'not exposed' : env.loadAverage.join(' ')],
  ];
  const width = Math.max(...rows.map(([key]) => key.length));
  const findings = (title: string, list: HostFinding[]) => {
    if (list.length === 0) return [`${title}: none`];
    const codeWidth = Math.max(...list.map((f) => f.code.length));
    return [`${title} (${list.length}):`, ...list.map((f) => `  ${f.code.padEnd(codeWidth)}  ${f.message}`)];
  };
  return [
    `Host check for CPU ${orText(assessment.cpu, '?')} (${orText(env.architecture, '?')}, ${orText(env.cpuModel, 'unknown CPU')}, CPUs online ${online})`,
    '',
    ...rows.map(([key, value]) => `${key.padEnd(width)}  ${value}`),
    '',
    ...findings('Problems', assessment.problems),
    ...findings('Notes', assessment.notes),
    '',
  ].join('\n');
}
