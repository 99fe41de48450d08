import { PER_CALL_SAMPLE_CALLS } from '@ngcc-perf/timing';
import type { CalibrationFile } from './operation-files.js';

/** What the estimate reads of a calibration file's plan and calibration process. */
interface PlannedFigures {
  trials: number;
  iterationsPerTrial: number;
  planCallSeconds: number;
  estimatedSeconds: number;
}

/**
 * Wall seconds the measure phase spends on one operation, from its calibration file: what the
 * trials take (`estimatedWallSeconds`: their calls and warm-ups, and each process's start-up), plus
 * what the phase runs besides them — its own calibration process (every record stands alone; as
 * long as the calibrate phase's), the per-call sample process (a start-up and
 * min(iterations, 2001) calls) and the memory process (a start-up). It is what an idle CPU would
 * take: on the recorded run of test/fixtures/eta-run (40 operations, load average 4–8 on 2 CPUs)
 * the trials alone said 98.6 s, this 116.9 s, and the phase took 181.2 s — the trials ran slower
 * than the calibration's warm calls, and every operation reran one disturbed trial. The CLI's
 * live ETA scales it by the slowness the measured operations show.
 * @returns seconds, or null when the calibration failed
 * @example
 * const seconds = measurePhaseSeconds(file); // 6.36 for sha512 at 65536 B in the recorded run
 */
export function measurePhaseSeconds(
  file: Pick<CalibrationFile, 'estimatedWallSeconds' | 'plan' | 'calibration'>,
): number | null {
  if (file.estimatedWallSeconds === null) return null;
  const plan = file.plan as PlannedFigures | null;
  const calibrationSeconds = (file.calibration as { wallSeconds?: number } | null)?.wallSeconds ?? 0;
  if (plan === null || !(plan.trials > 0)) return file.estimatedWallSeconds;
  const startSeconds = Math.max(0, (file.estimatedWallSeconds - plan.estimatedSeconds) / plan.trials);
  const sampleSeconds = startSeconds + Math.min(plan.iterationsPerTrial, PER_CALL_SAMPLE_CALLS) * plan.planCallSeconds;
  const memorySeconds = startSeconds;
  return file.estimatedWallSeconds + calibrationSeconds + sampleSeconds + memorySeconds;
}
