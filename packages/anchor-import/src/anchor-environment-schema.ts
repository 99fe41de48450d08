import { z } from 'zod';

/**
 * A sysfs integer as the anchor stores it: the file's text.
 *
 * @example
 * ```ts
 * sysfsIntegerText.parse('2707200'); // also '-1'; not '2.7 GHz'
 * ```
 */
export const sysfsIntegerText = z.string().regex(/^-?\d+$/, 'expected the text of an integer, e.g. "2707200"');

const text = z.string().nullish();
const integer = z.number().int().nullish();

/**
 * Zod schema of the host description the ngcc-harness writes (`environment_at_start`,
 * `environment_at_end` in campaign.json, `environment` in every record; record schema 2,
 * `performance/campaign.py` `environment()`). Every field may be `null` (not exposed by the
 * host) or absent (a record older than the field); sysfs values stay text, as read. Unknown
 * fields are kept.
 *
 * @example
 * ```ts
 * anchorEnvironmentSchema.parse({ architecture: 'aarch64', cpu_model: 'Qualcomm Oryon', cpufreq_max_khz: '2707200' });
 * ```
 */
export const anchorEnvironmentSchema = z.looseObject({
  hostname: text,
  architecture: text,
  cpu_model: text,
  machine: text,
  cpu_number: z.number().int().nonnegative().nullish(),
  logical_cpus_online: text,
  virtualized: z.boolean().nullish(),
  memory_total_kib: z.number().int().nonnegative().nullish(),
  os: text,
  kernel: text,
  compiler: text,
  cmake: text,
  python: text,
  perf_event_paranoid: sysfsIntegerText.nullish(),
  cpufreq_governor: text,
  cpufreq_driver: text,
  cpufreq_min_khz: sysfsIntegerText.nullish(),
  cpufreq_max_khz: sysfsIntegerText.nullish(),
  cpufreq_avg_khz: sysfsIntegerText.nullish(),
  intel_pstate_no_turbo: text,
  cpufreq_boost: text,
  smt_control: text,
  core_clock_hz: integer,
  core_clock_min_hz: integer,
  core_clock_max_hz: integer,
  core_clock_mhz: integer,
});

/** A host description as the ngcc-harness wrote it. */
export type AnchorEnvironment = z.infer<typeof anchorEnvironmentSchema>;
