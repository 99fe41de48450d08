/** How a hypervisor showed itself (`HostEnvironment.hypervisor`). */
export interface HypervisorEvidence {
  /** `sys-hypervisor`: /sys/hypervisor/type; `dmi`: a hypervisor's DMI vendor or product name; `cpuid-flag`: the `hypervisor` CPU flag only. */
  detectedBy: 'sys-hypervisor' | 'dmi' | 'cpuid-flag';
  /** The hypervisor's name as the host gives it (`xen`, `KVM`, `QEMU`, …); null when only the flag says so. */
  name: string | null;
}

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
  /** The CPU the per-CPU fields describe (the measuring CPU; default the first online one). */
  measuringCpu: number | null;
  /** The hypervisor, when one shows itself; null on bare metal or when nothing tells. */
  hypervisor: HypervisorEvidence | null;
  /** `/sys/devices/system/cpu/isolated` (isolcpus=), a kernel CPU list; `""` when none is isolated. */
  isolatedCpus: string | null;
  /** `/sys/devices/system/cpu/nohz_full` (nohz_full=), a kernel CPU list; `""` when none (the kernel writes "(null)"). */
  nohzFullCpus: string | null;
  /** `kernel.randomize_va_space`: 0 = no ASLR, 1 = stack, mmap and vDSO randomised, 2 = also the heap. */
  randomizeVaSpace: number | null;
  /** x86: which of `constant_tsc`, `nonstop_tsc`, `tsc_known_freq`, `tsc_reliable` the CPU flags list; null off x86. */
  tscFlags: string[] | null;
  /** TSC frequency where the kernel exposes it (`cpuN/tsc_freq_khz`, not in every kernel), kHz. */
  tscKhz: number | null;
  /** The kernel's current clocksource (`tsc`, `kvm-clock`, `arch_sys_counter`, …). */
  clocksource: string | null;
  /** On a hybrid CPU, the measuring CPU's core type (`/sys/devices/cpu_core|cpu_atom/cpus`); null otherwise or when not exposed. */
  hybridCoreType: 'core' | 'atom' | null;
  /** `thread_siblings_list` of the measuring CPU, e.g. `"1"` (no sibling) or `"1,13"`. */
  smtSiblings: string | null;
}
