import { z } from 'zod';
import { baselineSchema } from './baseline-schema.js';
import { hostEnvironmentSchema } from './host-environment-schema.js';
import { hostProblemSchema } from './host-problem-schema.js';

/**
 * The `format` value of a `campaign.json` this package reads (@ngcc-perf/record/docs/RUN-DIRECTORY.md).
 *
 * @example
 * ```ts
 * if (json.format !== CAMPAIGN_FORMAT) throw new Error('not a format-1 campaign.json');
 * ```
 */
export const CAMPAIGN_FORMAT = 'ngcc-perf/campaign@1';

const utcTimestamp = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

/**
 * Zod schema of the sandbox a driver's library-running processes enter, as its `info` line reports
 * it (@ngcc-perf/native/PROTOCOL.md "Sandbox"): `mode` `bwrap` or `unshare` (in force, with its limits:
 * `maxMemoryBytes` bytes of address space outside `kat`, `cpuSeconds` seconds — null for no
 * limit —, `openFiles`, `coreBytes`, `scratchBytes` bytes), `off` (`--no-sandbox` or
 * NGCC_PERF_NO_SANDBOX; `reason` says which) or `unavailable` (`reason`). Every field but `mode`
 * is optional: older drivers report fewer.
 */
export const driverSandboxSchema = z.object({
  mode: z.enum(['bwrap', 'unshare', 'off', 'unavailable']),
  requested: z.string().optional(),
  network: z.string().optional(),
  filesystem: z.string().optional(),
  scratch: z.string().optional(),
  scratchBytes: count.optional(),
  noNewPrivs: z.boolean().optional(),
  seccomp: z.string().nullable().optional(),
  maxMemoryBytes: count.nullable().optional(),
  cpuSeconds: count.nullable().optional(),
  openFiles: count.optional(),
  coreBytes: count.optional(),
  bwrap: z.string().nullable().optional(),
  bwrapFailure: z.string().optional(),
  reason: z.string().optional(),
});

/** The sandbox of a driver's `info` line. */
export type DriverSandbox = z.infer<typeof driverSandboxSchema>;

/*
 * Zod schema of `campaign.json` `sandbox`: the driver's sandbox ({@link driverSandboxSchema})
 * without the host paths (`scratch`, `bwrap`), and its host problem code. Source: @ngcc-perf/record/docs/RUN-DIRECTORY.md.
 */
const campaignSandboxSchema = driverSandboxSchema.omit({ scratch: true, bwrap: true }).extend({
  problem: z.enum(['sandbox-off', 'sandbox-unavailable']).nullable(),
});

/**
 * Zod schema of `campaign.json`: plan parameters, the CPUs used, tool versions, the host at
 * start and end, host problems found, and the sandbox candidate code ran in. Source: @ngcc-perf/record/docs/RUN-DIRECTORY.md, guide §3.4 and the run-directory layout.
 *
 * @example
 * ```ts
 * const campaign = campaignSchema.parse(JSON.parse(readFileSync('runs/x86_1/campaign.json', 'utf8')));
 * console.log(campaign.plan.trials); // 5
 * ```
 */
export const campaignSchema = z.object({
  format: z.literal(CAMPAIGN_FORMAT),
  systemId: z.string().min(1),
  startedUtc: utcTimestamp,
  endedUtc: utcTimestamp,
  plan: z.object({
    trialTargetSeconds: z.number().positive(),
    budgetSeconds: z.number().positive(),
    trials: z.number().int().positive(),
    minIterations: z.number().int().positive(),
    maxIterations: z.number().int().positive(),
    messageSizesBytes: z.array(z.number().int().nonnegative()),
    messageRule: z.string(),
    /** `run --fixed-layout`: ADDR_NO_RANDOMIZE in every driver process; absent: randomised. */
    addressLayout: z.literal('fixed').optional(),
    /**
     * `run --count-instructions SOURCE`: every operation's instructions per call counted beside its
     * trials (`auto`: the PMU where there is one, else valgrind); absent: not counted.
     */
    countInstructions: z.enum(['auto', 'pmu', 'valgrind']).optional(),
  }),
  cpus: z.array(z.number().int().nonnegative()),
  tools: z.object({
    compiler: z.string().nullable(),
    buildTool: z.string().nullable(),
    node: z.string().nullable(),
    ngccPerf: z.string().nullable(),
  }),
  environmentAtStart: hostEnvironmentSchema,
  environmentAtEnd: hostEnvironmentSchema,
  /** Problems every host check found ({@link hostProblemSchema}; sentences of older runs are read as such). */
  hostProblems: z.array(hostProblemSchema),
  /** Optional: campaigns run before the sandbox have none. */
  sandbox: campaignSandboxSchema.optional(),
  /** The ICCS baseline measured in this campaign ({@link baselineSchema}); absent: no baseline was measured. */
  baseline: baselineSchema.optional(),
  /**
   * `true` when the campaign left the ICCS baseline out on purpose (`run --no-baseline`,
   * `baseline: false`), so pages can say why there is no × baseline; absent otherwise.
   */
  baselineLeftOut: z.literal(true).optional(),
});

/** A validated `campaign.json`. */
export type Campaign = z.infer<typeof campaignSchema>;
