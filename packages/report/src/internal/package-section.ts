// What a page says about a candidate discovered in an official package (issue: packages in,
// reports out): the implementation versions measured, the archive and its SHA-256, the folders
// not measured and why, and the package's own KAT files that disagree.
import type { BuildInstance, BuildManifest } from '@ngcc-perf/record';
import type { CandidateContext } from './candidate-context.js';
import { codeSpan, paragraph } from './report-model.js';
import type { Block, Inline } from './report-model.js';

type PackageEntry = NonNullable<BuildManifest['packages']>[number];

/** What the package items read: build.json and the candidate's instances (any category). */
type PackageContext = Pick<CandidateContext, 'candidateId' | 'instances'> & { dataset: { build: BuildManifest } };

function packageOf(context: PackageContext): PackageEntry | undefined {
  return (context.dataset.build.packages ?? []).find((p) => p.candidate === context.candidateId);
}

/**
 * The "Implementation versions measured" value: the version labels of a discovered package
 * (`Reference_Implementation, Optimized_Implementation/AVX2`), else the variants.
 */
export function versionsMeasured(instances: readonly BuildInstance[]): string {
  return [...new Set(instances.map((entry) => entry.version ?? entry.variant))].join(', ');
}

/** Extra §1 items for a discovered package: where it came from and each folder not measured. */
export function packageBasicItems(context: PackageContext): Inline[][] {
  const found = packageOf(context);
  if (found === undefined) return [];
  const items: Inline[][] = [
    found.archive === null
      ? [`Package: ${found.packageName} (unpacked folder)`]
      : ['Package: ', codeSpan(found.archive), ` (SHA-256 ${found.archiveSha256!.slice(0, 16)}…)`],
  ];
  for (const u of found.unmeasured) {
    items.push([
      `${u.status === 'skipped' ? 'Skipped' : 'Not measurable'}: `,
      codeSpan(u.folder),
      ` (${u.version}) — ${u.reason}`,
    ]);
  }
  if (context.instances.some((entry) => entry.version != null)) {
    items.push([
      'Rows are labelled by instance; an instance of another version than the first carries its version in its name: ',
      ...context.instances.flatMap((entry, index) => [
        ...(index === 0 ? [] : ['; ']),
        codeSpan(entry.instance),
        ` = ${entry.version ?? entry.variant}`,
      ]),
    ]);
  }
  return items;
}

const PROBE_SENTENCES = {
  'fixed-length': 'writes its own digest length whatever it is asked (asked for %r bits, it wrote past them)',
  rejected: 'returns an error for any digest length but its own (asked for %r bits)',
  failed: 'failed when asked for %r bits',
} as const;

/**
 * §3 items on how each instance behaves beyond its KATs: a fixed digest length whatever is asked,
 * a refusal of other lengths (build.json `digestLengthProbe`), heap kept after each call (a per-call
 * leak: the records' `memory.heapRetainedBytes`).
 */
export function behaviourBlocks(context: CandidateContext): Block[] {
  const items: Inline[][] = [];
  for (const entry of context.instances) {
    const probe = entry.digestLengthProbe;
    if (probe != null && probe.result !== 'honoured') {
      items.push([
        codeSpan(entry.instance),
        `: ${PROBE_SENTENCES[probe.result].replace('%r', String(probe.requestedBits))}.`,
      ]);
    }
    const retained = context.records
      .filter((r) => r.record.instance === entry.instance && (r.record.memory?.heapRetainedBytes ?? 0) > 0)
      .map((r) => [r.record.messageBytes, r.record.memory!.heapRetainedBytes!] as const);
    if (retained.length > 0) {
      const most = Math.max(...retained.map(([, bytes]) => bytes));
      const costlyFirst = context.records.some(
        (r) => r.record.instance === entry.instance && r.record.plan?.calibrationBasis === 'warm-calls',
      );
      items.push([
        codeSpan(entry.instance),
        `: keeps up to ${most} bytes of heap allocated after its measured call (seen at ${retained.length} message size${retained.length === 1 ? '' : 's'}): ` +
          (costlyFirst
            ? 'its first call was also costly, so this is likely a table built once and kept for later calls, though one call cannot tell it from a per-call leak.'
            : 'a per-call leak unless the library keeps it for later calls; one call cannot tell the two apart.'),
      ]);
    }
  }
  if (items.length === 0) return [];
  return [paragraph('Behaviour seen beyond the KATs:'), { kind: 'list', items }];
}

/** §3 paragraphs on the package's own KAT files: each disagreement with the manifest or with the library's output. */
export function packageKatBlocks(instances: readonly BuildInstance[]): Block[] {
  const checked = instances.flatMap((entry) => (entry.packageKatFiles ?? []).map((check) => ({ entry, check })));
  if (checked.length === 0) return [];
  const disagreeing = checked.filter(({ check }) => check.manifest === 'disagrees' || check.generated === 'differs');
  if (disagreeing.length === 0) {
    return [
      paragraph(
        `The package's own KAT files (${checked.length}) agree with the official manifest and, record by record, with the libraries' output.`,
      ),
    ];
  }
  return [
    paragraph("The package's own KAT files disagree here (the official manifest decides the verdict):"),
    {
      kind: 'list',
      items: disagreeing.map(({ entry, check }) => [
        codeSpan(entry.instance),
        ': ',
        codeSpan(check.file),
        ` — manifest ${check.manifest}, library output ${check.generated}${check.detail === null ? '' : `: ${check.detail}`}`,
      ]),
    },
  ];
}
