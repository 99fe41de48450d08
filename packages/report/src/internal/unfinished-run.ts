// A run directory whose campaign.json was never closed: `ngcc-perf run` stamps `endedUtc` and the
// end environment when its measure or report phase ends, so a run of only check-host, build and
// kat (or one that was stopped) has none. Reading such a directory as a finished run would report
// a "missing field"; this says what happened and which command finishes it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CAMPAIGN_FORMAT } from '@ngcc-perf/record';
import { ReportError } from '../report-error.js';

interface UnclosedCampaign {
  format: string;
  endedUtc: null;
  phases?: Record<string, { endedUtc: string | null }>;
  baselineLeftOut?: boolean;
}

function isUnclosed(json: unknown): json is UnclosedCampaign {
  return (
    typeof json === 'object' &&
    json !== null &&
    (json as { format?: unknown }).format === CAMPAIGN_FORMAT &&
    (json as { endedUtc?: unknown }).endedUtc === null
  );
}

/**
 * When `directory/campaign.json` is a run state that was never closed (`endedUtc` null), returns
 * the `UNFINISHED_RUN` {@link ReportError} that names the phases it ran and the command that
 * renders its pages; otherwise (unreadable, another problem) returns null so that the caller's
 * own error stands.
 *
 * @param directory - the run directory as the caller names it
 * @param cause - the validation error this replaces
 */
export async function unfinishedRunError(directory: string, cause: unknown): Promise<ReportError | null> {
  const file = path.join(directory, 'campaign.json');
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
  if (!isUnclosed(json)) return null;
  const phases = Object.entries(json.phases ?? {});
  const ran = phases.filter(([, phase]) => phase.endedUtc !== null).map(([name]) => name);
  const stopped = phases.filter(([, phase]) => phase.endedUtc === null).map(([name]) => name);
  const history =
    (ran.length === 0 ? 'no phase has ended' : `it ran ${ran.join(', ')}`) +
    (stopped.length === 0 ? '' : ` and stopped during ${stopped.join(', ')}`);
  const baseline = json.baselineLeftOut === true ? ' --no-baseline' : '';
  return new ReportError(
    'UNFINISHED_RUN',
    `${file}: this run has not finished (${history}; a run records its end, "endedUtc", when its measure or report phase ends). ` +
      `Render its pages by resuming it with the report phase: the command that made it with --out ${directory} --phases report` +
      `${baseline === '' ? '' : ' (and --no-baseline, as it was started)'}, e.g. "ngcc-perf run SOURCES --out ${directory} --phases report${baseline}".`,
    { cause, file, field: 'endedUtc' },
  );
}
