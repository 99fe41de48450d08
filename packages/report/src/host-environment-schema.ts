import { z } from 'zod';

/**
 * Zod schema of the host description in `campaign.json` (`environmentAtStart`,
 * `environmentAtEnd`), as written by `@ngcc-perf/timing`'s `readHostEnvironment()`. Every
 * field is `null` where the host does not expose it. Fields this version does not know (a newer
 * timing package may add some) are kept, so the method page can show them. Source:
 * docs/RUN-DIRECTORY.md.
 *
 * @example
 * ```ts
 * const environment = hostEnvironmentSchema.parse(JSON.parse(text).environmentAtStart);
 * ```
 */
export const hostEnvironmentSchema = z.looseObject({
  /** The kernel's machine name (`x86_64`, `aarch64`, `riscv64`, …): any host can be measured. */
  architecture: z.string().min(1).nullable(),
  cpuModel: z.string().nullable(),
  logicalCpusOnline: z.string().nullable(),
  virtualized: z.boolean().nullable(),
  memoryTotalKib: z.number().int().nonnegative().nullable(),
  os: z.string().nullable(),
  kernel: z.string().nullable(),
  perfEventParanoid: z.number().int().nullable(),
  cpufreqGovernor: z.string().nullable(),
  cpufreqMinKhz: z.number().nonnegative().nullable(),
  cpufreqMaxKhz: z.number().nonnegative().nullable(),
  noTurbo: z.boolean().nullable(),
  boost: z.boolean().nullable(),
  smtActive: z.boolean().nullable(),
  loadAverage: z.tuple([z.number(), z.number(), z.number()]).nullable(),
});

/** The host a campaign ran on (units in the field names: `Kib`, `Khz`). */
export type HostEnvironment = z.infer<typeof hostEnvironmentSchema>;
