// What discovery decided, shown on the pages as build.json holds it: the official manifest entry
// each KAT file matched and the reference twin whose digests judged another version (§3), the
// sources and include folders the compiler and the linker added from outside an instance folder,
// each with the undefined symbol or missing header behind it (§1), and the packages that yielded no
// measurable instance (the summary page).
import type { BuildInstance, BuildManifest } from '@ngcc-perf/record';
import { codeSpan, paragraph } from './report-model.js';
import type { Block, Inline } from './report-model.js';

function joinCodes(values: readonly string[]): Inline[] {
  return values.flatMap((value, index) => (index === 0 ? [codeSpan(value)] : [', ', codeSpan(value)]));
}

/**
 * §3 list: per instance with build.json `katReference`, the manifest entries its generated KAT files
 * matched (by KAT kind and canonical digest), and the reference twin when the twin's entries judged it.
 */
export function katReferenceBlocks(instances: readonly BuildInstance[]): Block[] {
  const items: Inline[][] = [];
  for (const entry of instances) {
    const reference = entry.katReference;
    if (reference == null || reference.entries.length === 0) continue;
    items.push([
      codeSpan(entry.instance),
      ': ',
      ...joinCodes(reference.entries),
      ...(reference.twin === null
        ? []
        : [
            ' — entries of its reference twin ',
            codeSpan(reference.twin),
            ' (same digest length; the manifest has none under this instance’s name)',
          ]),
    ]);
  }
  const identified = katIdentityItems(instances);
  return [
    ...(items.length === 0
      ? []
      : [
          paragraph(
            'The official manifest entries each instance’s generated KAT files matched, by KAT kind and digest:',
          ),
          { kind: 'list' as const, items },
        ]),
    ...(identified.length === 0
      ? []
      : [
          paragraph(
            'This candidate has no official manifest under its folder’s name; its generated KAT files were looked up by digest in every official manifest:',
          ),
          { kind: 'list' as const, items: identified },
        ]),
  ];
}

/** §3 items: per instance with build.json `katIdentity`, the catalog candidates whose manifests hold its KAT digests, and which one judged it. */
function katIdentityItems(instances: readonly BuildInstance[]): Inline[][] {
  return instances.flatMap((entry): Inline[][] => {
    const identity = entry.katIdentity;
    if (identity == null) return [];
    const named = identity.candidates.flatMap((c, index): Inline[] => [
      ...(index === 0 ? [] : ['; ']),
      codeSpan(c.id),
      ` (${c.officialName}, ${c.files} file${c.files === 1 ? '' : 's'}; its folder name `,
      codeSpan(c.packageName),
      ')',
    ]);
    return [
      [
        codeSpan(entry.instance),
        ': digests in the official manifest of ',
        ...named,
        identity.judgedBy === null
          ? ' alike — none judged it (NOKAT stands)'
          : ` — judged by ${identity.judgedBy}’s digests; in a folder named as that package it would have run as ${identity.judgedBy}`,
      ],
    ];
  });
}

/**
 * §1 items: per instance, each source and include folder discovery took from outside the instance
 * folder (build.json `addedSources`) with why — the symbols its object defines that the instance's
 * own objects left undefined, or the header it holds — each target flag (build.json `targetFlags`)
 * the build added because gcc said an intrinsic needs a feature this host's CPU has, each flag the
 * compiler or linker asked for (`addedFlags`), and the patch built instead of the package's files (`patch`).
 */
export function addedSourceItems(instances: readonly BuildInstance[]): Inline[][] {
  return instances.flatMap((entry) => [
    ...(entry.addedSources ?? []).map((added): Inline[] => [
      added.kind === 'source' ? 'Source added by the linker step to ' : 'Include folder added to ',
      codeSpan(entry.instance),
      ': ',
      codeSpan(added.file),
      ` — ${added.reason}`,
    ]),
    ...(entry.targetFlags ?? []).map((added): Inline[] => [
      'Target flag added to the build of ',
      codeSpan(entry.instance),
      ': ',
      codeSpan(added.flag),
      ` — ${added.reason}`,
    ]),
    ...(entry.addedFlags ?? []).map((added): Inline[] => [
      'Flag added to the build of ',
      codeSpan(entry.instance),
      ': ',
      codeSpan(added.flag),
      ` — ${added.reason}`,
    ]),
    ...(entry.patch === undefined
      ? []
      : [
          [
            'Built from a patched copy: ',
            codeSpan(entry.instance),
            ' — ',
            codeSpan(entry.patch.file),
            ` (candidate.json "patch", SHA-256 ${entry.patch.sha256.slice(0, 16)}…) changes `,
            ...entry.patch.files.flatMap((file, index) => (index === 0 ? [codeSpan(file)] : [', ', codeSpan(file)])),
          ],
        ]),
  ]);
}

/**
 * Summary blocks listing the packages or folders given to the run that yielded no measurable
 * instance (build.json `packages[]` with a `reason`), each with its reason; none when every one did.
 */
export function refusedPackageBlocks(build: BuildManifest): Block[] {
  const refused = (build.packages ?? []).filter((p) => p.reason !== undefined);
  if (refused.length === 0) return [];
  return [
    paragraph('Inputs that yielded no measurable instance (the run went on without them):'),
    {
      kind: 'list',
      items: refused.map((p): Inline[] => [codeSpan(p.archive ?? p.packageName), ` (${p.candidate}) — ${p.reason!}`]),
    },
  ];
}
