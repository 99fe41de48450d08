import path from 'node:path';
import { usesDedicatedDriverCommands } from '@ngcc-perf/category';
import { BASELINE_CANDIDATE_ID } from '../baseline-candidate.js';
import { runCt, type CtResult } from '@ngcc-perf/ct';
import type { CtAudit } from '@ngcc-perf/record';
import { buildCandidateInstance, isBuildFailure } from './build-candidate-instance.js';
import { CampaignError } from '../campaign-error.js';
import { RUN_CAMPAIGN_DEFAULTS } from '../campaign-defaults.js';
import { forEachConcurrently, type CampaignContext, type CampaignUnit } from './campaign-context.js';
import type { BuildEntry } from './campaign-types.js';
import { unitProfile } from './phase-build.js';
import { auditOperations } from './phase-ct-operations.js';

/** The debug build audited: the measured build's flags plus `-g` (file:line in findings). */
const DEBUG_FLAGS = '-g';

/** KAT verdicts whose library is not timed (the ICCS KAT rules): it is not audited either (a hang would cost the taint budget). */
const NOT_AUDITED = new Set(['LOADFAIL', 'CRASH', 'TIMEOUT']);

/** Seconds the taint run of one instance may take under valgrind. */
const TAINT_TIMEOUT_SECONDS = 120;

function unknownAudit(reason: string, detail: string, auditedBuildFlags: string): CtAudit {
  return {
    verdict: 'unknown',
    reason,
    detail,
    auditedBuildFlags,
    valgrindVersion: null,
    messageBits: [],
    findings: [],
    taintSeconds: null,
    timing: null,
    timingDetail: null,
    notes: [],
    limits: [],
    publicDivisions: [],
    cpu: null,
  };
}

/** Turns runCt's result into build.json's `ct` (paths left out: the library is the debug build beside the measured one). */
function auditOf(result: CtResult, auditedBuildFlags: string): CtAudit {
  const timing = result.timing;
  return {
    verdict: result.verdict,
    reason: result.verdict === 'unknown' ? result.reason : null,
    detail: result.verdict === 'unknown' ? result.detail : null,
    auditedBuildFlags,
    valgrindVersion: result.taint?.valgrindVersion ?? null,
    messageBits: result.messageBits,
    findings: result.findings,
    taintSeconds: result.taint === null ? null : Math.round(result.taint.seconds * 1000) / 1000,
    timing:
      timing === null
        ? null
        : {
            messageBits: timing.messageBits,
            counter: timing.counter,
            samplesCount: timing.samplesCount,
            maxAbsT: Math.round(timing.maxAbsT * 100) / 100,
            thresholdAbsT: timing.thresholdAbsT,
            differenceSuspected: timing.differenceSuspected,
            seconds: Math.round(timing.seconds * 1000) / 1000,
            direction: timing.direction,
            differenceTicks: Math.round(timing.differenceTicks * 10) / 10,
            differencePercent: Math.round(timing.differencePercent * 100) / 100,
            minSamplesCount: timing.minSamplesCount,
            minSamplesReached: timing.minSamplesReached,
            repeat: {
              samplesCount: timing.repeat.samplesCount,
              maxAbsT: Math.round(timing.repeat.maxAbsT * 100) / 100,
              direction: timing.repeat.direction,
            },
          },
    timingDetail: result.timingDetail,
    notes: result.notes,
    limits: result.limits,
    publicDivisions: result.publicDivisions,
    cpu: result.cpu,
  };
}

/**
 * The audit with no absolute path in its texts (the driver's and valgrind's sentences name the
 * library as given): the debug library becomes `shownName`, the build root and the run directory go.
 */
function portable(audit: CtAudit, library: string, shownName: string, context: CampaignContext): CtAudit {
  const replace = (text: string): string =>
    text
      .split(library)
      .join(shownName)
      .split(`${context.buildRoot}/`)
      .join('')
      .split(context.buildRoot)
      .join('build')
      .split(`${context.state.directory}/`)
      .join('');
  return {
    ...audit,
    detail: audit.detail === null ? null : replace(audit.detail),
    timingDetail: audit.timingDetail === null ? null : replace(audit.timingDetail),
    notes: audit.notes.map(replace),
  };
}

/** Builds the debug twin of the measured library; returns its path and flags, or the prebuilt library itself. */
async function debugBuildOf(
  context: CampaignContext,
  unit: CampaignUnit,
  entry: BuildEntry,
): Promise<{ library: string; flags: string; note: string | null }> {
  const { candidate, instance } = unit;
  const measured = path.join(context.state.directory, entry.library!);
  if (entry.flags === 'prebuilt' || instance.sourcePaths.length === 0) {
    return {
      library: measured,
      flags: entry.buildFlags,
      note: 'prebuilt library audited as it is (no sources for a -g build): findings may lack file:line',
    };
  }
  const built = await buildCandidateInstance(instance, {
    profile: unitProfile(context, unit),
    flagsKind: entry.flags,
    buildDirectory: path.join(context.buildRoot, candidate.id, `${instance.name}.ct-debug`),
    libraryDirectory: path.join(context.buildRoot, candidate.id, `${instance.name}.ct-debug-lib`),
    sourceRoot: candidate.directory,
    extraCFlags: DEBUG_FLAGS,
  });
  return { library: built.libraryPath, flags: built.buildFlags, note: null };
}

/**
 * Phase `ct` (after `kat`, before `calibrate`): the constant-time audit of every instance with a
 * library (packages/ct): a debug build beside the measured one (same flags plus `-g`), the taint run
 * under valgrind memcheck, the disassembly scan, and the dudect-style timing test (evidence only,
 * each of its runs capped at `ctTimingMilliseconds`); for a category that declares `constantTime`
 * (the public-key ones), each declared operation with its secret buffers marked (phase-ct-operations.ts).
 * The result goes into the instance's build.json entry as
 * `ct`. Instances are audited one at a time (the timing test must not share the CPU with another);
 * an instance whose entry already has `ct` is skipped, so the phase resumes. An instance of a
 * category without a constant-time harness (neither dedicated nor declaring `constantTime`) gets the verdict
 * `unknown` (`not-run`: "not audited: category X has no constant-time harness yet").
 * @example
 * await runCtPhase(context, 2000); // every build.json entry with a library has its `ct`
 */
export async function runCtPhase(
  context: CampaignContext,
  ctTimingMilliseconds: number = RUN_CAMPAIGN_DEFAULTS.ctTimingMilliseconds,
): Promise<void> {
  // the ICCS baseline is the project's own SM3, not a submission: no audit
  const audited = context.units.filter((unit) => unit.candidate.id !== BASELINE_CANDIDATE_ID);
  await forEachConcurrently(audited, 1, async (unit) => {
    const { candidate, instance } = unit;
    const entry = context.state.buildEntry(candidate.id, instance.name);
    if (entry === undefined || entry.kat === null) {
      throw new CampaignError(
        'RUN_DIRECTORY',
        `${context.state.directory}: ${unit.key} has not been built and KAT-checked. Include the build and kat phases (--phases build,kat,ct,…).`,
      );
    }
    if (entry.ct !== undefined && entry.ct !== null) {
      context.emit({
        event: 'ct',
        candidate: candidate.id,
        instance: instance.name,
        status: 'reused',
        verdict: entry.ct.verdict,
        findings: entry.ct.findings.length,
      });
      return;
    }
    if (entry.library === null) return;
    let audit: CtAudit;
    const category = context.categories.get(entry.category);
    const notAudited =
      !usesDedicatedDriverCommands(category) && category.constantTime === undefined
        ? `not audited: category ${entry.category} has no constant-time harness yet`
        : NOT_AUDITED.has(entry.kat)
          ? `not audited: the KAT verdict is ${entry.kat} (the library is not timed either)`
          : null;
    if (notAudited !== null) {
      audit = unknownAudit('not-run', notAudited, `${entry.buildFlags} ${DEBUG_FLAGS}`);
      await context.state.putBuildEntry({ ...entry, ct: audit });
      context.emit({
        event: 'ct',
        candidate: candidate.id,
        instance: instance.name,
        status: 'audited',
        verdict: audit.verdict,
        findings: 0,
      });
      return;
    }
    try {
      const debug = await debugBuildOf(context, unit, entry);
      const operations =
        category.constantTime === undefined
          ? null
          : await auditOperations(context, category, debug, ctTimingMilliseconds, (result) =>
              auditOf(result, debug.flags),
            );
      if (operations !== null) {
        audit = portable(operations, debug.library, `lib${instance.name}.so (-g build)`, context);
        if (debug.note !== null) audit.notes.push(debug.note);
        await context.state.putBuildEntry({ ...entry, ct: audit });
        context.emit({
          event: 'ct',
          candidate: candidate.id,
          instance: instance.name,
          status: 'audited',
          verdict: audit.verdict,
          findings: audit.findings.length,
        });
        return;
      }
      const result = await runCt({
        library: debug.library,
        digestBits: instance.digestBits!,
        driverPath: context.driverPath,
        taintTimeoutSeconds: TAINT_TIMEOUT_SECONDS,
        timing: { messageBytes: 64, milliseconds: ctTimingMilliseconds },
      });
      audit = portable(auditOf(result, debug.flags), debug.library, `lib${instance.name}.so (-g build)`, context);
      if (debug.note !== null) audit.notes.push(debug.note);
    } catch (error) {
      if (!isBuildFailure(error)) throw error;
      audit = unknownAudit(
        'build-failed',
        `the -g build failed: ${error.message.split('\n')[0]}`,
        `${entry.buildFlags} ${DEBUG_FLAGS}`,
      );
    }
    await context.state.putBuildEntry({ ...entry, ct: audit });
    context.emit({
      event: 'ct',
      candidate: candidate.id,
      instance: instance.name,
      status: 'audited',
      verdict: audit.verdict,
      findings: audit.findings.length,
    });
  });
}
