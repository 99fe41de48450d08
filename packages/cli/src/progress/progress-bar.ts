import cliProgress from 'cli-progress';
import { createEtaTracker, etaBasis, type CampaignEvent, type CampaignEventSink } from '@ngcc-perf/campaign';
import { formatDuration } from '@ngcc-perf/stats';

/** A live progress bar and the way to close it. */
export interface ProgressBar {
  sink: CampaignEventSink;
  /** Stops the bar (leaving its last state on screen). */
  stop: () => void;
}

/**
 * A live progress bar on a TTY (cli-progress): one bar per phase — instances for build and kat,
 * operations for calibrate and measure — with the current instance, message size and trial of
 * each measuring CPU, and during measure the ETA: the calibrate phase's plan scaled by how much slower than
 * planned the measured operations ran (`plan × 1.85`). Warnings and
 * host problems are printed above it.
 * @param stream - a TTY stream (stderr)
 * @example
 * const bar = createProgressBar(process.stderr);
 * await runCampaign({ …, onEvent: bar.sink });
 * bar.stop();
 */
export function createProgressBar(stream: NodeJS.WriteStream): ProgressBar {
  const eta = createEtaTracker();
  /** What each CPU does now (key -1: the build and kat phases, which use no measuring CPU). */
  const current = new Map<number, string>();
  let bar: cliProgress.SingleBar | null = null;
  let phase = '';
  let value = 0;
  const payload = () => {
    const remaining = phase === 'measure' ? eta.remainingSeconds() : null;
    return {
      phase: phase.padEnd(10),
      now: [...current.entries()].map(([cpu, text]) => (cpu < 0 ? text : `CPU ${cpu}: ${text}`)).join(' · ') || '…',
      plan: remaining === null ? '' : ` | ETA ${formatDuration(remaining)} (${etaBasis(eta.slowness())})`,
    };
  };
  const stop = () => {
    bar?.stop();
    bar = null;
  };
  const start = (name: string, total: number) => {
    stop();
    phase = name;
    value = 0;
    current.clear();
    bar = new cliProgress.SingleBar(
      {
        stream,
        format: '{phase} [{bar}] {value}/{total}{plan} | {now}',
        barsize: 24,
        hideCursor: true,
        fps: 5,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, payload());
  };
  const above = (text: string) => {
    if (bar !== null) stream.write('\r\x1b[2K');
    stream.write(`${text}\n`);
    bar?.update(value, payload());
  };
  const sink = (event: CampaignEvent) => {
    eta.observe(event);
    switch (event.event) {
      case 'phase':
        if (event.status === 'start') start(event.phase, event.total ?? 1);
        else if (event.status === 'skipped') above(`${event.phase}: skipped — ${event.detail ?? ''}`);
        else stop();
        return;
      case 'host':
        for (const problem of event.problems) above(`host (CPU ${event.cpu}): ${problem.message}`);
        return;
      case 'build':
      case 'kat':
      case 'ct':
        value += 1;
        current.set(
          -1,
          `${event.candidate}/${event.instance}${event.event === 'build' ? '' : ` ${event.event === 'kat' ? 'KAT' : 'ct'} ${event.verdict}`}`,
        );
        bar?.update(value, payload());
        return;
      case 'operation-start':
        current.set(event.cpu, `${event.candidate}/${event.instance} ${event.operation ?? `${event.messageBytes} B`}`);
        bar?.update(value, payload());
        return;
      case 'trial': {
        const what =
          event.trial === 0
            ? 'calibration'
            : `trial ${event.trial}/${event.trials}${event.attempt > 1 ? ` (attempt ${event.attempt})` : ''}`;
        current.set(
          event.cpu,
          `${event.candidate}/${event.instance} ${event.operation ?? `${event.messageBytes} B`} ${what}`,
        );
        if (phase === 'calibrate') value += 1;
        bar?.update(value, payload());
        return;
      }
      case 'record':
        value += 1;
        if (event.cpu !== null) current.delete(event.cpu);
        if (event.status === 'failed')
          above(
            `${event.candidate}/${event.instance} ${event.operation ?? `${event.messageBytes} B`} failed: ${event.failure ?? ''}`,
          );
        bar?.update(value, payload());
        return;
      case 'plan': {
        value = event.operations.length;
        const remaining = eta.remainingSeconds();
        if (remaining !== null)
          above(`plan: about ${formatDuration(remaining)} to measure (assuming ${event.assumptions})`);
        bar?.update(value, payload());
        return;
      }
      case 'warning':
        above(`warning: ${event.message}`);
        return;
      default:
        return;
    }
  };
  return { sink, stop };
}
