import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CampaignEvent } from './campaign-events.js';
import { createEtaTracker } from './eta-tracker.js';

// The plan, operation-start and record events of a real measure phase, one CPU, and its start and
// end in campaign.json (test/fixtures/eta-run/README.md).
const recorded = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../test/fixtures/eta-run/measure-events.json', import.meta.url)), 'utf8'),
) as { measurePhase: { startedUtc: string; endedUtc: string }; events: CampaignEvent[] };
const phaseSeconds = (Date.parse(recorded.measurePhase.endedUtc) - Date.parse(recorded.measurePhase.startedUtc)) / 1000;

/**
 * Replays the events on a clock that moves by each record's wall seconds, and after every record
 * predicts the phase's length: the seconds elapsed plus the ETA.
 */
function predictions(remaining: (eta: ReturnType<typeof createEtaTracker>) => number): Array<{
  elapsedSeconds: number;
  predictedSeconds: number;
}> {
  let nowMs = 0;
  const eta = createEtaTracker(() => nowMs);
  const out: Array<{ elapsedSeconds: number; predictedSeconds: number }> = [];
  for (const event of recorded.events) {
    if (event.event === 'record') nowMs += event.wallSeconds * 1000;
    eta.observe(event);
    if (event.event === 'record')
      out.push({ elapsedSeconds: nowMs / 1000, predictedSeconds: nowMs / 1000 + remaining(eta) });
  }
  return out;
}

describe('the ETA on a recorded measure phase', () => {
  it('holds the recorded run: 40 operations, their record wall seconds add up to the phase in campaign.json', () => {
    const records = recorded.events.filter((event) => event.event === 'record');
    expect(records).toHaveLength(40);
    const measured = records.reduce((sum, event) => sum + (event.event === 'record' ? event.wallSeconds : 0), 0);
    expect(Math.abs(measured / phaseSeconds - 1)).toBeLessThan(0.01);
  });

  it('from a third of the phase on, elapsed time plus the ETA is within 20 % of the real phase time', () => {
    const late = predictions((eta) => eta.remainingSeconds()!).filter((p) => p.elapsedSeconds >= phaseSeconds / 3);
    expect(late.length).toBeGreaterThan(20);
    for (const { elapsedSeconds, predictedSeconds } of late)
      expect({ elapsedSeconds, within20Percent: Math.abs(predictedSeconds / phaseSeconds - 1) < 0.2 }).toEqual({
        elapsedSeconds,
        within20Percent: true,
      });
  });

  it('the plan alone, not scaled by the observed slowness, is more than 20 % short (a busy host, load 4–8)', () => {
    const eta = createEtaTracker(() => 0);
    eta.observe(recorded.events[0]!);
    const planSeconds = eta.remainingSeconds()!;
    expect(planSeconds / phaseSeconds).toBeLessThan(0.8);
    // the same replay, with the tracker's remaining plan taken back to its unscaled figure
    const late = predictions((tracker) => tracker.remainingSeconds()! / (tracker.slowness() ?? 1)).filter(
      (p) => p.elapsedSeconds >= phaseSeconds / 3,
    );
    expect(late.some((p) => Math.abs(p.predictedSeconds / phaseSeconds - 1) >= 0.2)).toBe(true);
  });
});
