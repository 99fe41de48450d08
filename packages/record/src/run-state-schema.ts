import { z } from 'zod';
import { buildInstanceSchema, buildManifestSchema, katVerdictSchema } from './build-manifest-schema.js';
import { campaignSchema } from './campaign-schema.js';
import { operationIdentitySchema } from './operation-identity-schema.js';
import { hostEnvironmentSchema } from './host-environment-schema.js';
import { hostProblemSchema } from './host-problem-schema.js';

const utcTimestamp = z.iso.datetime({ offset: true });
const profile = z.enum(['reference', 'performance', 'resource']);
const guideResult = z.union([katVerdictSchema, z.literal('BUILDFAIL')]);

/**
 * Zod schema of one `build.json` instance while a campaign works on it (@ngcc-perf/record/docs/RUN-DIRECTORY.md):
 * the fields report reads ({@link buildInstanceSchema}), `kat` still `null` before the kat phase,
 * and the build evidence the campaign keeps to resume (profile, commands, tools, source digest,
 * the guide build's own result when the instance fell back).
 *
 * @example
 * ```ts
 * const entry = buildEntrySchema.parse(JSON.parse(text).instances[0]);
 * ```
 */
export const buildEntrySchema = buildInstanceSchema.extend({
  /** A registered category's id (`hash`, `kem`, or a category of one's own: `operationIdentitySchema`'s `category`). */
  category: operationIdentitySchema.shape.category,
  kat: katVerdictSchema.nullable(),
  katName: z.string().min(1),
  profile,
  flags: z.enum(['guide', 'harness-default', 'prebuilt']),
  compileCommands: z.array(z.string()),
  linkCommand: z.string().nullable(),
  compiler: z.string().nullable(),
  buildTool: z.string().nullable(),
  sourcesSha256: z.string().nullable(),
  guideResult: guideResult.nullable(),
  guideDetail: z.string().nullable(),
  guideBuildFlags: z.string().nullable(),
  guideKatLog: z.string().nullable(),
  guideKatLogSha256: z.string().nullable(),
  fallbackResult: guideResult.nullable(),
});

/** One build.json instance as the campaign writes it. */
export type BuildEntry = z.infer<typeof buildEntrySchema>;

/**
 * Zod schema of `build.json` as the campaign writes it, read back when a run resumes:
 * {@link buildManifestSchema} with each instance a {@link buildEntrySchema}.
 *
 * @example
 * ```ts
 * const build = buildFileSchema.parse(JSON.parse(readFileSync('runs/x86_1/build.json', 'utf8')));
 * ```
 */
export const buildFileSchema = buildManifestSchema.extend({
  instances: z.array(buildEntrySchema),
});

/** `build.json` as the campaign writes it. */
export type BuildFile = z.infer<typeof buildFileSchema>;

const shardSource = z.enum(['flag', 'slurm', 'kubernetes']);

/**
 * Zod schema of `campaign.json` while a campaign works in its run directory (@ngcc-perf/record/docs/RUN-DIRECTORY.md):
 * {@link campaignSchema} with `endedUtc` and the host descriptions still `null`, plus what a resume
 * checks and continues: candidates, shard, build profile, host checks, phase states, merged parts.
 * Unknown fields are kept.
 *
 * @example
 * ```ts
 * const campaign = campaignFileSchema.parse(JSON.parse(readFileSync('runs/x86_1/campaign.json', 'utf8')));
 * ```
 */
export const campaignFileSchema = campaignSchema
  .extend({
    endedUtc: utcTimestamp.nullable(),
    environmentAtStart: hostEnvironmentSchema.nullable(),
    environmentAtEnd: hostEnvironmentSchema.nullable(),
    buildProfile: profile.nullable(),
    candidates: z.array(z.object({ id: z.string().min(1), instances: z.array(z.string().min(1)) })),
    shard: z
      .object({
        index: z.number().int().positive(),
        count: z.number().int().positive(),
        source: shardSource,
        assignment: z.record(z.string(), z.number().int().positive()),
        priorCostSeconds: z.record(z.string(), z.number().nonnegative().nullable()),
      })
      .nullable(),
    hostChecks: z.array(
      z.looseObject({
        utc: utcTimestamp,
        cpu: z.number().int().nonnegative(),
        problems: z.array(hostProblemSchema),
        notes: z.array(z.string()),
      }),
    ),
    phases: z.record(z.string(), z.object({ startedUtc: utcTimestamp, endedUtc: utcTimestamp.nullable() })),
  })
  .loose();

/** `campaign.json` as the campaign reads it back on a resume. */
export type CampaignFileState = z.infer<typeof campaignFileSchema>;
