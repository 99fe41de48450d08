import { z } from 'zod';
import { anchorEnvironmentSchema } from './anchor-environment-schema.js';
import { anchorPathComponent, anchorSha256 } from './anchor-record-schema.js';

const utc = z.iso.datetime({ offset: true });

/**
 * Zod schema of the ngcc-harness `campaign.json` (record schema 2 era): system id, start and
 * end, host at start and end (null fields where the host exposes nothing), the host checks of
 * every phase, the guide flags per architecture, the iteration planning constants and the shard
 * CPUs. Unknown fields (e.g. `history_note`) are kept.
 *
 * @example
 * ```ts
 * const campaign = anchorCampaignSchema.parse(JSON.parse(readFileSync('arm_1/campaign.json', 'utf8')));
 * console.log(campaign.planning.trial_target_s); // 0.5
 * ```
 */
export const anchorCampaignSchema = z.looseObject({
  system_id: z.string().min(1),
  started_utc: utc,
  ended_utc: utc.nullish(),
  environment_at_start: anchorEnvironmentSchema,
  environment_at_end: anchorEnvironmentSchema.nullish(),
  host_checks: z
    .array(
      z.looseObject({
        phase: z.string(),
        cpu: z.number().int().nonnegative().nullish(),
        utc,
        problems: z.array(z.string()),
        shard: z.string().optional(),
      }),
    )
    .optional(),
  arch_config: z
    .looseObject({
      reference: z.string(),
      performance: z.string().optional(),
      optimized_families: z.array(z.string()).optional(),
    })
    .optional(),
  harness_additions: z.string().optional(),
  planning: z.looseObject({
    trials: z.number().int().positive(),
    trial_target_s: z.number().positive(),
    min_total: z.number().int().positive(),
    max_iters_per_trial: z.number().int().positive(),
    op_budget_s: z.number().positive(),
    separate_process_setup_s: z.number().nonnegative().optional(),
  }),
  host_problems: z.array(z.string()).default([]),
  shards: z.number().int().positive().optional(),
  shard_cpus: z.record(z.string(), z.number().int().nonnegative()).optional(),
});

/** A validated anchor `campaign.json`. */
export type AnchorCampaign = z.infer<typeof anchorCampaignSchema>;

/**
 * One `build.json` entry: how an instance was built and whether its KATs passed. `library`,
 * `library_sha256`, `elf_load_bytes`, `kat_log` and `kat_log_sha256` exist only when a library
 * was kept; `instance` (the name the library reports) is `null` when the build failed;
 * `guide_result` is the KAT verdict with the guide's flags when a rebuild with the harness
 * defaults followed.
 */
export const anchorBuildEntrySchema = z.looseObject({
  candidate: anchorPathComponent,
  label: anchorPathComponent,
  instance: z.string().nullish(),
  variant: z.string().min(1),
  flags: z.string(),
  kat: z.string().min(1),
  guide_result: z.string().optional(),
  library: z.string().nullish(),
  library_sha256: anchorSha256.nullish(),
  elf_load_bytes: z.number().int().nonnegative().nullish(),
  kat_log: z.string().nullish(),
  kat_log_sha256: anchorSha256.nullish(),
});

/** One anchor build entry. */
export type AnchorBuildEntry = z.infer<typeof anchorBuildEntrySchema>;

/**
 * Zod schema of the ngcc-harness `build.json`: entries keyed `<candidate>/<label>` for the whole
 * campaign (all candidates, whether or not the dataset carries their records), and the make exit
 * codes of optimized builds.
 *
 * @example
 * ```ts
 * const build = anchorBuildSchema.parse(JSON.parse(readFileSync('arm_1/build.json', 'utf8')));
 * console.log(build.instances['hash-15/litchi_512']?.elf_load_bytes); // 16648
 * ```
 */
export const anchorBuildSchema = z.looseObject({
  instances: z.record(z.string(), anchorBuildEntrySchema),
  optimized: z.record(z.string(), z.number().int()).optional(),
});

/** A validated anchor `build.json`. */
export type AnchorBuild = z.infer<typeof anchorBuildSchema>;
