/**
 * The measuring host's state (SPEC §5 "host state, checked and recorded"; docs/RUN-DIRECTORY.md
 * `HostEnvironment`). Every field is `null` when the host does not expose it.
 */
export interface HostEnvironment {
  /** `x86_64` or `aarch64` (kernel's machine name). */
  architecture: string | null;
  /** `/proc/cpuinfo` model name. */
  cpuModel: string | null;
  /** Online CPUs as the kernel lists them, e.g. `"0-1"`. */
  logicalCpusOnline: string | null;
  /** True under a hypervisor (`hypervisor` CPU flag, or a virtual machine's DMI vendor). */
  virtualized: boolean | null;
  /** MemTotal, KiB. */
  memoryTotalKib: number | null;
  /** `/etc/os-release` PRETTY_NAME. */
  os: string | null;
  /** Kernel release (`uname -r`). */
  kernel: string | null;
  /** `kernel.perf_event_paranoid`; ≤ 2 lets user code count its own cycles. */
  perfEventParanoid: number | null;
  /** cpufreq scaling governor of the measuring CPU. */
  cpufreqGovernor: string | null;
  /** cpufreq scaling minimum of the measuring CPU, kHz. */
  cpufreqMinKhz: number | null;
  /** cpufreq scaling maximum of the measuring CPU, kHz. */
  cpufreqMaxKhz: number | null;
  /** `intel_pstate/no_turbo` = 1. */
  noTurbo: boolean | null;
  /** `cpufreq/boost` = 1. */
  boost: boolean | null;
  /** True when the measuring CPU has an online SMT sibling. */
  smtActive: boolean | null;
  /** 1, 5 and 15 minute load averages. */
  loadAverage: [number, number, number] | null;
}
