import { createEtaTracker, etaBasis, type CampaignEvent, type CampaignEventSink } from '@ngcc-perf/campaign';
import { formatDuration } from '@ngcc-perf/stats';

/**
 * A plain progress log for a non-TTY stderr (CI logs, Slurm output files): one line per phase,
 * host problem, build, KAT verdict and measured record — never one per trial.
 * @param write - receives each line with its newline
 * @returns the event sink
 * @example
 * const sink = createProgressLog((line) => process.stderr.write(line));
 */
export function createProgressLog(write: (line: string) => void): CampaignEventSink {
  const eta = createEtaTracker();
  const say = (text: string) => write(`[ngcc-perf] ${text}\n`);
  return (event: CampaignEvent) => {
    eta.observe(event);
    switch (event.event) {
      case 'phase':
        if (event.status === 'start') say(`${event.phase}${event.total === null ? '' : ` (${event.total})`}`);
        else if (event.status === 'skipped') say(`${event.phase}: skipped — ${event.detail ?? ''}`);
        return;
      case 'host':
        for (const problem of event.problems) say(`host (CPU ${event.cpu}): ${problem.message}`);
        return;
      case 'build': {
        const how = event.status === 'reused' ? 'already built' : event.status === 'failed' ? 'no library' : 'built';
        const fallback = event.guideResult === 'BUILDFAIL' ? ` (guide profile failed: ${event.detail ?? ''})` : '';
        say(`${event.candidate}/${event.instance}: ${how}, flags ${event.flags ?? '-'}${fallback}`);
        return;
      }
      case 'kat':
        say(
          `${event.candidate}/${event.instance}: KAT ${event.verdict}${event.status === 'reused' ? ' (kept)' : event.status === 'by-build' ? ' (no library was built)' : ''}, flags ${event.flags ?? '-'}`,
        );
        return;
      case 'ct':
        say(
          `${event.candidate}/${event.instance}: constant-time audit ${event.verdict}, ${event.findings} finding${event.findings === 1 ? '' : 's'}${event.status === 'reused' ? ' (kept)' : ''}`,
        );
        return;
      case 'plan': {
        const remaining = eta.remainingSeconds();
        const todo = event.operations.filter((o) => !o.done).length;
        say(
          `plan: ${todo} of ${event.operations.length} operations to measure on CPU ${event.cpus.join(',')}${remaining === null ? '' : `, about ${formatDuration(remaining)} by the plan (assuming ${event.assumptions})`}`,
        );
        return;
      }
      case 'record': {
        if (event.status === 'reused') return;
        const remaining = eta.remainingSeconds();
        const where = event.cpu === null ? '' : ` on CPU ${event.cpu}`;
        const failure = event.failure === null ? '' : `: ${event.failure}`;
        const progress = `[${eta.doneOperations()}/${eta.totalOperations()}${remaining === null ? '' : `, ETA ${formatDuration(remaining)} (${etaBasis(eta.slowness())})`}]`;
        say(
          `${event.candidate}/${event.instance} ${event.operation ?? `${event.messageBytes} B`}: ${event.status}${where} in ${event.wallSeconds.toFixed(1)} s${failure} ${progress}`,
        );
        return;
      }
      case 'published':
        say(`published: ${event.directory} (${event.status})`);
        return;
      case 'warning':
        say(`warning: ${event.message}`);
        return;
      default:
        return;
    }
  };
}
