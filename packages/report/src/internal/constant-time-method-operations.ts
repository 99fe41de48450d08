// The method page's words on the constant-time audit of public-key operations (build.json
// `ct.operations`, written from each category's `constantTime` declaration by the campaign's `ct`
// phase): per category which operation and which buffers were secret, what stays public, how
// divisions and the timing test are judged, the test's power in this run and the declared limits.
import type { CategoryRegistry } from '@ngcc-perf/category';
import type { CtAudit } from '@ngcc-perf/record';
import { detectableDifferencePercent } from './constant-time-operations.js';
import { codeSpan, paragraph, type Block, type Inline } from './report-model.js';

/** An instance's operation audit with its category (`build.json` `instances[i].category`). */
export interface CategoryAudit {
  category: string;
  ct: CtAudit;
}

interface OperationRow {
  category: string;
  operation: string;
  secrets: string[];
  publicInside: readonly string[];
  description: string;
}

/** The buffers the category declares public inside the operation's secret ones, or [] when it declares none. */
function publicInsideOf(categories: CategoryRegistry, category: string, operation: string): readonly string[] {
  const declared = categories.find(category)?.constantTime?.operations ?? [];
  return declared.find((entry) => entry.operation.name === operation)?.publicInside ?? [];
}

/** Each category's audited operations, as the audits recorded them, in first-seen order. */
function operationRows(audits: readonly CategoryAudit[], categories: CategoryRegistry): OperationRow[] {
  const rows = new Map<string, OperationRow>();
  for (const { category, ct } of audits)
    for (const entry of ct.operations ?? []) {
      const key = `${category}\u0000${entry.operation}\u0000${entry.secrets.join(',')}`;
      if (!rows.has(key))
        rows.set(key, {
          category,
          operation: entry.operation,
          secrets: entry.secrets,
          publicInside: publicInsideOf(categories, category, entry.operation),
          description: entry.description,
        });
    }
  return [...rows.values()];
}

const percent = (value: number): string => `${value.toFixed(2)} %`;

/** The timing test's power over the run: the range of the smallest detectable mean difference. */
function powerSentence(audits: readonly CategoryAudit[]): string {
  const detectable = audits
    .flatMap(({ ct }) => (ct.timing === null ? [] : [detectableDifferencePercent(ct.timing)]))
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  if (detectable.length === 0) return 'In this run no timing test gave a difference to estimate its power from.';
  const [low, high] = [detectable[0]!, detectable[detectable.length - 1]!];
  const range = percent(low) === percent(high) ? `about ${percent(low)}` : `from ${percent(low)} to ${percent(high)}`;
  return `In this run that smallest detectable difference was ${range} of the median call (each instance’s on its candidate page).`;
}

/** The categories' declared limits (`ct.coverageLimits`), each once, with its category. */
function declaredLimits(audits: readonly CategoryAudit[]): Inline[] {
  const seen = new Map<string, string[]>();
  for (const { category, ct } of audits)
    for (const limit of ct.coverageLimits ?? []) {
      const list = seen.get(category) ?? [];
      if (!list.includes(limit)) list.push(limit);
      seen.set(category, list);
    }
  if (seen.size === 0) return ['Declared limits of the categories audited: none.'];
  const parts: Inline[] = ['Declared limits of the categories audited: '];
  [...seen].forEach(([category, limits], index) =>
    parts.push(index === 0 ? '' : '; ', codeSpan(category), `: ${limits.join('; ')}`),
  );
  parts.push('.');
  return parts;
}

/**
 * The method page's blocks on the audit of public-key operations: a table of what each category's
 * audited operation marks secret and keeps public (from the audits' recorded declarations, the
 * category's `publicInside`), then how attacker inputs, public copies, the DRNG, divisions and the
 * timing test are treated, the test's power over this run and the declared limits. [] when no
 * instance was audited by operation.
 * @param audits - the run's operation audits, each with its instance's category
 * @param categories - the registry holding those categories (for `publicInside`)
 * @example
 * ```ts
 * const blocks = operationAuditMethodBlocks([{ category: 'kem', ct }], BUILT_IN_REGISTRY);
 * ```
 */
export function operationAuditMethodBlocks(audits: readonly CategoryAudit[], categories: CategoryRegistry): Block[] {
  const rows = operationRows(audits, categories);
  if (rows.length === 0) return [];
  const drng = rows.some((row) => row.secrets.includes('drng'));
  const thresholds = [...new Set(audits.flatMap(({ ct }) => (ct.timing === null ? [] : [ct.timing.thresholdAbsT])))];
  return [
    paragraph(
      'Public-key operations: the audited call is the operation of its category named below, prepared as it is timed (its set-up key pair, ciphertext or exchange made and checked by the category’s own check, everything defined). ' +
        'Before each call of the taint run the buffers the category declares secret, and nothing else, are marked undefined, and defined again afterwards; a branch or a table index computed from them is a finding, cited at the line where the secret entered the instance’s own code.',
    ),
    {
      kind: 'table',
      caption: 'What the audit of each category marks secret',
      headers: ['category', 'operation', 'marked secret', 'kept public inside them', 'secret and public, in words'],
      numeric: [false, false, false, false, false],
      rows: rows.map((row) => [
        [codeSpan(row.category)],
        [codeSpan(row.operation)],
        [codeSpan(row.secrets.join(', '))],
        row.publicInside.length === 0 ? ['—'] : [codeSpan(row.publicInside.join(', '))],
        [row.description],
      ]),
    },
    paragraph(
      'Every other input of the operation (a ciphertext, a message, a public key, the other side’s message) is the attacker’s and stays public, so work on it is never a finding. ' +
        'A secret key may embed a public buffer (the column “kept public inside them”): each such buffer of 16 bytes or more is looked for inside the secret buffers by content, and the copies found stay defined; the candidate page’s notes say how many were found (none: the whole secret buffer was marked). ' +
        (drng
          ? 'drng is the DRNG’s state (its V and C; the reseed counter stays public), marked so that what the operation draws from it is secret too. '
          : '') +
        'A report raised in the harness’s own code around the call, or inside its ICCS stand-ins (the DRNG, the placeholder hashes) working on secret data, is not a finding of the instance; a note says how many were left out.',
    ),
    paragraph(
      'Divisions are judged by their operands, the secret alone changing: every div/idiv of the audited build is probed natively on three states of the operation (three key pairs from the advancing DRNG); the operation runs on the first three times, with its own secret and with the second’s and the third’s secret buffers copied in (the public copies inside them kept), everything else unchanged. ' +
        'A division whose operands or number of executions differ between the three is a variable-latency finding; one whose operands stay the same is listed as a public division and never changes the verdict.',
    ),
    paragraph(
      'Timing test (after dudect, secret keys as the classes): key pairs are prepared, each with its own ciphertext or exchange; each call runs on the fixed key pair (the fixed class) or on one drawn at random from the others (the random class), the class drawn at random per call and the counter read around the call. ' +
        `Welch’s t on all calls and below percentile crops, threshold |t| above ${thresholds.length === 0 ? 'the threshold' : thresholds.join(' or ')}; the test runs twice and a difference counts only when both runs cross it in the same direction. It is evidence beside the taint result, never the verdict. ` +
        'Its power is the smallest mean difference between the classes that would have crossed the threshold at the test’s noise and sample count: the threshold times |difference| / |t| at the test of largest |t|, in percent of the median call. ' +
        powerSentence(audits),
    ),
    paragraph(...declaredLimits(audits)),
  ];
}
