import { z } from 'zod';

/**
 * Zod schema of how a hypervisor showed itself (`hypervisor` of a host description): `detectedBy`
 * `sys-hypervisor` (/sys/hypervisor/type), `dmi` (a hypervisor's DMI vendor or product name) or
 * `cpuid-flag` (the `hypervisor` CPU flag only); `name` as the host gives it (`xen`, `KVM`,
 * `QEMU`, …), null when only the flag says so.
 */
export const hypervisorEvidenceSchema = z.object({
  detectedBy: z.enum(['sys-hypervisor', 'dmi', 'cpuid-flag']),
  name: z.string().nullable(),
});

/** How a hypervisor showed itself. */
export type HypervisorEvidence = z.infer<typeof hypervisorEvidenceSchema>;

/**
 * Zod schema of the host description in `campaign.json` (`environmentAtStart`,
 * `environmentAtEnd`), as written by `@ngcc-perf/timing`'s `readHostEnvironment()`. Every
 * field is `null` where the host does not expose it. Fields this version does not know (a newer
 * timing package may add some) are kept, so the method page can show them. Source:
 * @ngcc-perf/record/docs/RUN-DIRECTORY.md.
 *
 * @example
 * ```ts
 * const environment = hostEnvironmentSchema.parse(JSON.parse(text).environmentAtStart);
 * ```
 */
/**
 * A CFS bandwidth limit (CPU quota) on the measuring process's cgroup: cgroup v2 `cpu.max`
 * (`QUOTA PERIOD`) or cgroup v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`, microseconds; `cpus` is
 * quota / period (0.2 = 20 % of one CPU). `cgroup` is the cgroup that sets it, `file` the file read
 * (as under `/sys/fs/cgroup`). Source: the kernel's Documentation/scheduler/sched-bwc.rst.
 */
export const cpuQuotaSchema = z.object({
  cgroupVersion: z.union([z.literal(1), z.literal(2)]),
  cgroup: z.string(),
  file: z.string(),
  quotaMicros: z.number().int().positive(),
  periodMicros: z.number().int().positive(),
  cpus: z.number().positive(),
});

/** A CPU quota ({@link cpuQuotaSchema}). */
export type CpuQuota = z.infer<typeof cpuQuotaSchema>;

export const hostEnvironmentSchema = z.looseObject({
  /** The kernel's machine name (`x86_64`, `aarch64`, `riscv64`, …): any host can be measured. */
  architecture: z.string().min(1).nullable(),
  /** `/proc/cpuinfo` model name. */
  cpuModel: z.string().nullable(),
  /** Online CPUs as the kernel lists them, e.g. `"0-1"`. */
  logicalCpusOnline: z.string().nullable(),
  /** True under a hypervisor (`hypervisor` CPU flag, or a virtual machine's DMI vendor). */
  virtualized: z.boolean().nullable(),
  /** MemTotal, KiB. */
  memoryTotalKib: z.number().int().nonnegative().nullable(),
  /** `/etc/os-release` PRETTY_NAME. */
  os: z.string().nullable(),
  /** Kernel release (`uname -r`). */
  kernel: z.string().nullable(),
  /** `kernel.perf_event_paranoid`; ≤ 2 lets user code count its own cycles. */
  perfEventParanoid: z.number().int().nullable(),
  /** cpufreq scaling governor of the measuring CPU. */
  cpufreqGovernor: z.string().nullable(),
  /** cpufreq scaling minimum of the measuring CPU, kHz. */
  cpufreqMinKhz: z.number().nonnegative().nullable(),
  /** cpufreq scaling maximum of the measuring CPU, kHz. */
  cpufreqMaxKhz: z.number().nonnegative().nullable(),
  /** `intel_pstate/no_turbo` = 1. */
  noTurbo: z.boolean().nullable(),
  /** `cpufreq/boost` = 1. */
  boost: z.boolean().nullable(),
  /** True when the measuring CPU has an online SMT sibling. */
  smtActive: z.boolean().nullable(),
  /** 1, 5 and 15 minute load averages. */
  loadAverage: z.tuple([z.number(), z.number(), z.number()]).nullable(),
  // The fields below came with later versions of the timing package: older campaign.json files lack them.
  /** The CPU the per-CPU fields describe (the measuring CPU; default the first online one). */
  measuringCpu: z.number().int().nonnegative().nullish(),
  /** The hypervisor, when one shows itself; null on bare metal or when nothing tells. */
  hypervisor: hypervisorEvidenceSchema.nullish(),
  /** `/sys/devices/system/cpu/isolated` (isolcpus=), a kernel CPU list; `""` when none is isolated. */
  isolatedCpus: z.string().nullish(),
  /** `/sys/devices/system/cpu/nohz_full` (nohz_full=), a kernel CPU list; `""` when none (the kernel writes "(null)"). */
  nohzFullCpus: z.string().nullish(),
  /** `kernel.randomize_va_space`: 0 = no ASLR, 1 = stack, mmap and vDSO randomised, 2 = also the heap. */
  randomizeVaSpace: z.number().int().nullish(),
  /** x86: which of `constant_tsc`, `nonstop_tsc`, `tsc_known_freq`, `tsc_reliable` the CPU flags list; null off x86. */
  tscFlags: z.array(z.string()).nullish(),
  /** TSC frequency where the kernel exposes it (`cpuN/tsc_freq_khz`, not in every kernel), kHz. */
  tscKhz: z.number().nonnegative().nullish(),
  /** The kernel's current clocksource (`tsc`, `kvm-clock`, `arch_sys_counter`, …). */
  clocksource: z.string().nullish(),
  /** On a hybrid CPU, the measuring CPU's core type (`/sys/devices/cpu_core|cpu_atom/cpus`); null otherwise or when not exposed. */
  hybridCoreType: z.enum(['core', 'atom']).nullish(),
  /** `thread_siblings_list` of the measuring CPU, e.g. `"1"` (no sibling) or `"1,13"`. */
  smtSiblings: z.string().nullish(),
  /** The CFS CPU quota on the measuring process's cgroup ({@link cpuQuotaSchema}); null when none is set. */
  cpuQuota: cpuQuotaSchema.nullish(),
});

/**
 * The host a campaign ran on (units in the field names: `Kib`, `Khz`), as a run directory holds
 * it: the fields later versions added may be absent. `@ngcc-perf/timing`'s `HostEnvironment`
 * (what `readHostEnvironment()` returns) has every field.
 */
export type HostEnvironment = z.infer<typeof hostEnvironmentSchema>;
