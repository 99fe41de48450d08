// What a page says about a candidate discovered in an official package (issue: packages in,
// reports out): the implementation versions measured, the archive and its SHA-256, the folders
// not measured and why, and the package's own KAT files that disagree.
import type { BuildInstance, BuildManifest } from '../build-manifest-schema.js';
import type { CandidateContext } from './candidate-context.js';
import { codeSpan, paragraph } from './report-model.js';
import type { Block, Inline } from './report-model.js';

type PackageEntry = NonNullable<BuildManifest['packages']>[number];

function packageOf(context: CandidateContext): PackageEntry | undefined {
  return (context.dataset.build.packages ?? []).find((p) => p.candidate === context.candidateId);
}

/**
 * The "Implementation versions measured" value: the version labels of a discovered package
 * (`Reference_Implementation, Optimized_Implementation/AVX2`), else the variants.
 */
export function versionsMeasured(instances: readonly BuildInstance[]): string {
  return [...new Set(instances.map((entry) => (entry.version ?? entry.variant)))].join(', ');
}

/** Extra §1 items for a discovered package: where it came from and each folder not measured. */
export function packageBasicItems(context: CandidateContext): Inline[][] {
  const found = packageOf(context);
  if (found === undefined) return [];
  const items: Inline[][] = [
    found.archive === null
      ? [`Package: ${found.packageName} (unpacked folder)`]
      : ['Package: ', codeSpan(found.archive), ` (SHA-256 ${found.archiveSha256!.slice(0, 16)}…)`],
  ];
  for (const u of found.unmeasured) {
    items.push([`${u.status === 'skipped' ? 'Skipped' : 'Not measurable'}: `, codeSpan(u.folder), ` (${u.version}) — ${u.reason}`]);
  }
  if (context.instances.some((entry) => entry.version != null)) {
    items.push([
      'Rows are labelled by instance; an instance of another version than the first carries its version in its name: ',
      ...context.instances.flatMap((entry, index) => [...(index === 0 ? [] : ['; ']), codeSpan(entry.instance), ` = ${(entry.version ?? entry.variant)}`]),
    ]);
  }
  return items;
}

/** §3 paragraphs on the package's own KAT files: each disagreement with the manifest or with the library's output. */
export function packageKatBlocks(instances: readonly BuildInstance[]): Block[] {
  const checked = instances.flatMap((entry) => (entry.packageKatFiles ?? []).map((check) => ({ entry, check })));
  if (checked.length === 0) return [];
  const disagreeing = checked.filter(({ check }) => check.manifest === 'disagrees' || check.generated === 'differs');
  if (disagreeing.length === 0) {
    return [paragraph(`The package's own KAT files (${checked.length}) agree with the official manifest and, record by record, with the libraries' output.`)];
  }
  return [
    paragraph("The package's own KAT files disagree here (the official manifest decides the verdict):"),
    {
      kind: 'list',
      items: disagreeing.map(({ entry, check }) => [
        codeSpan(entry.instance), ': ', codeSpan(check.file),
        ` — manifest ${check.manifest}, library output ${check.generated}${check.detail === null ? '' : `: ${check.detail}`}`,
      ]),
    },
  ];
}
