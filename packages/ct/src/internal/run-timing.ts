// The dudect-style timing test of runCt: a short pilot for the call's cost, then the test and its
// repeat, each until a minimum number of samples scaled by that cost (the time is only a cap).
import { spawnDriverProcess } from '@ngcc-perf/native';
import type { CtTimingDirection, CtTimingResult } from '../ct-result.js';
import { parseCtDriverLines, type CtTimeLine } from './driver-lines.js';

/** dudect's threshold on |t|. */
export const THRESHOLD_ABS_T = 4.5;
/** Samples of the pilot that measures the call's cost. */
const PILOT_SAMPLES = 1000;
/** The minimum for calls up to REFERENCE_CALL_NS; proportionally more for slower calls, up to MAX. */
export const BASE_MIN_SAMPLES = 20000;
const REFERENCE_CALL_NS = 10000;
const MAX_MIN_SAMPLES = 200000;

/** What the test asks of the driver. */
export interface TimingRequest {
  messageBytes: number;
  /** Cap of each run (pilot, test, repeat), in milliseconds. */
  milliseconds: number;
  /** Fixed minimum instead of the cost-scaled one (tests). */
  minSamples?: number;
}

/**
 * The minimum number of samples for a call of `callNanoseconds`: {@link BASE_MIN_SAMPLES} up to
 * 10 µs, then proportional to the cost (a difference of fixed size hides in the larger noise of a
 * longer call), at most 200,000.
 */
export function minSamplesFor(callNanoseconds: number): number {
  const scaled = Math.ceil((BASE_MIN_SAMPLES * Math.max(callNanoseconds, REFERENCE_CALL_NS)) / REFERENCE_CALL_NS);
  return Math.min(MAX_MIN_SAMPLES, scaled);
}

/** What `ct-time` audits after LIB: a hash's digest length and message length, or an operation's arguments. */
export function hashTimingTarget(digestBits: number, request: TimingRequest): string[] {
  return [String(digestBits), '--bits', String(request.messageBytes * 8)];
}

async function timeOnce(
  driver: string,
  library: string,
  target: readonly string[],
  request: TimingRequest,
  minSamples: number,
): Promise<{ line: CtTimeLine; seconds: number } | string> {
  const run = await spawnDriverProcess(
    driver,
    [
      'ct-time',
      library,
      ...target,
      '--milliseconds',
      String(request.milliseconds),
      '--min-samples',
      String(minSamples),
    ],
    { timeoutSeconds: request.milliseconds / 1000 + 120 },
  );
  const lines = parseCtDriverLines(run.stdout);
  const line = lines.find((entry) => entry.type === 'ct-time');
  if (line === undefined || line.type !== 'ct-time') {
    const error = lines.find((entry) => entry.type === 'error');
    if (error !== undefined && error.type === 'error') return error.message;
    return run.timedOut
      ? 'the timing test did not finish in time'
      : `the timing test ended with ${run.signal ?? `exit code ${run.exitCode}`} and no result`;
  }
  return { line, seconds: run.seconds };
}

function directionOf(line: CtTimeLine): CtTimingDirection | null {
  const test = line.tests[line.maxAbsTTest];
  if (test === undefined || line.maxAbsT <= THRESHOLD_ABS_T) return null;
  return test.t < 0 ? 'random-slower' : 'fixed-slower';
}

/**
 * Runs the timing test: pilot, test, repeat. Returns the result, or the sentence saying why there is
 * none, and the native CPUID view the driver reported. `target`: the arguments after LIB
 * ({@link hashTimingTarget}, or an operation's `--category … --secret …`).
 */
export async function runTimingTest(
  driver: string,
  library: string,
  target: readonly string[],
  request: TimingRequest,
): Promise<{ result: CtTimingResult | string; cpuFeatures: string[] | null }> {
  let minSamples = request.minSamples;
  let pilotSeconds = 0;
  let cpuFeatures: string[] | null = null;
  if (minSamples === undefined) {
    const pilot = await timeOnce(driver, library, target, request, PILOT_SAMPLES);
    if (typeof pilot === 'string') return { result: pilot, cpuFeatures };
    pilotSeconds = pilot.seconds;
    minSamples = minSamplesFor((pilot.line.seconds * 1e9) / pilot.line.samples);
  }
  const first = await timeOnce(driver, library, target, request, minSamples);
  if (typeof first === 'string') return { result: first, cpuFeatures };
  const line = first.line;
  if (line.cpuid) cpuFeatures = line.cpuFeatures.split(' ').filter((name) => name !== '');
  const second = await timeOnce(driver, library, target, request, minSamples);
  if (typeof second === 'string') return { result: `the repeat of the timing test failed: ${second}`, cpuFeatures };
  const direction = directionOf(line);
  const repeatDirection = directionOf(second.line);
  const test = line.tests[line.maxAbsTTest];
  const differenceTicks = test === undefined ? 0 : test.randomMeanTicks - test.fixedMeanTicks;
  return {
    cpuFeatures,
    result: {
      messageBits: line.bits,
      counter: line.counter.name,
      samplesCount: line.samples,
      fixedSamplesCount: line.fixedSamples,
      randomSamplesCount: line.randomSamples,
      fixedMeanTicks: line.fixedMeanTicks,
      randomMeanTicks: line.randomMeanTicks,
      medianTicks: line.medianTicks,
      maxAbsT: line.maxAbsT,
      thresholdAbsT: THRESHOLD_ABS_T,
      differenceSuspected: direction !== null && direction === repeatDirection,
      direction,
      differenceTicks,
      differencePercent: line.medianTicks === 0 ? 0 : (100 * differenceTicks) / line.medianTicks,
      minSamplesCount: minSamples,
      minSamplesReached: line.samples >= minSamples && second.line.samples >= minSamples,
      tests: line.tests.map((entry) => ({
        cropBelowTicks: entry.cropBelowTicks,
        samplesCount: entry.samples,
        t: entry.t,
      })),
      repeat: {
        samplesCount: second.line.samples,
        maxAbsT: second.line.maxAbsT,
        direction: repeatDirection,
        seconds: second.seconds,
      },
      seconds: pilotSeconds + first.seconds + second.seconds,
    },
  };
}
