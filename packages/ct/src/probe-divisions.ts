import { spawnDriverProcess } from '@ngcc-perf/native';
import type { CtFinding, CtPublicDivision } from './ct-result.js';
import { parseCtDriverLines } from './internal/driver-lines.js';
import type { DivisionSite } from './scan-divisions.js';

/** What the division probe concluded: findings, public divisions, or why it could not run. */
export type DivisionProbeOutcome =
  | { status: 'ok'; findings: CtFinding[]; publicDivisions: CtPublicDivision[]; notes: string[] }
  | { status: 'failed'; detail: string };

interface SiteResult {
  decoded: boolean;
  executions: number;
  varies: boolean;
}

/**
 * Judges divisions by their operands at run time (`ngcc-perf-driver ct-div`, natively, inside the
 * sandbox): every site is trapped, and CryptHash runs on three messages of each length that differ
 * only in content. A source place (function, file, line) is a `variable-latency` finding when the
 * operands or the number of executions of one of its sites changed with the message; otherwise it
 * is a public division (`public` when it ran, `not-reached` when it never did). A site the probe
 * cannot decode stays a finding of the disassembly, with a note.
 *
 * @param driver - the driver's path
 * @param library - the audited library
 * @param digestBits - digest length in bits
 * @param messageBits - the lengths to probe, in bits
 * @param sites - from {@link scanDivisionSites}
 * @example
 * ```ts
 * const outcome = await probeDivisions(driver, lib, 256, [0, 8, 443], scanDivisionSites(objdumpText));
 * ```
 */
export async function probeDivisions(
  driver: string,
  library: string,
  digestBits: number,
  messageBits: readonly number[],
  sites: readonly DivisionSite[],
): Promise<DivisionProbeOutcome> {
  return probeDivisionsOf(driver, library, [String(digestBits), '--bits', messageBits.slice(0, 32).join(',')], sites);
}

/**
 * {@link probeDivisions} for any `ct-div` target: `target` is what follows LIB (a digest length and
 * message lengths, or an operation's `--category NAME --operation OP --secret LIST`, whose secret
 * alone changes between the three runs).
 */
export async function probeDivisionsOf(
  driver: string,
  library: string,
  target: readonly string[],
  sites: readonly DivisionSite[],
): Promise<DivisionProbeOutcome> {
  if (sites.length === 0) return { status: 'ok', findings: [], publicDivisions: [], notes: [] };
  const run = await spawnDriverProcess(
    driver,
    ['ct-div', library, ...target, '--sites', sites.map((site) => site.address).join(',')],
    { timeoutSeconds: 120 },
  );
  const lines = parseCtDriverLines(run.stdout);
  const results = new Map<string, SiteResult>();
  for (const line of lines) if (line.type === 'ct-div-site') results.set(line.address, line);
  const error = lines.find((line) => line.type === 'error');
  if (error !== undefined && error.type === 'error') return { status: 'failed', detail: error.message };
  if (!lines.some((line) => line.type === 'end')) {
    return {
      status: 'failed',
      detail: run.timedOut
        ? 'the division probe did not finish within 120 s'
        : `the division probe ended with ${run.signal ?? `exit code ${run.exitCode}`}`,
    };
  }
  const byPlace = new Map<string, { site: DivisionSite; results: SiteResult[] }>();
  for (const site of sites) {
    const key = `${site.function}\u0000${site.file}\u0000${site.line}`;
    const entry = byPlace.get(key) ?? { site, results: [] };
    entry.results.push(results.get(site.address) ?? { decoded: false, executions: 0, varies: false });
    byPlace.set(key, entry);
  }
  const findings: CtFinding[] = [];
  const publicDivisions: CtPublicDivision[] = [];
  const notes: string[] = [];
  for (const { site, results: seen } of byPlace.values()) {
    const place = { function: site.function, file: site.file, line: site.line };
    const executions = seen.reduce((sum, result) => sum + result.executions, 0);
    const undecoded = seen.some((result) => !result.decoded);
    if (seen.some((result) => result.varies) || undecoded) {
      findings.push({
        kind: 'variable-latency',
        ...place,
        source: undecoded ? 'disassembly' : 'division-probe',
        firstMessageBits: null,
        occurrences: undecoded ? null : executions,
        origin: null,
        libraryFrames: [],
      });
      if (undecoded)
        notes.push(
          `a division in ${site.function} (${site.file ?? '??'}:${site.line ?? '?'}) has an encoding the probe does not decode: listed as a finding, operands not checked`,
        );
    } else {
      publicDivisions.push({ ...place, operands: executions === 0 ? 'not-reached' : 'public', executions });
    }
  }
  return { status: 'ok', findings, publicDivisions, notes };
}
