// A public-key instance whose build departed from the package as given (a candidate.json patch, a
// flag the compiler or linker asked for) says so on its candidate page, beside the other build
// evidence of item (1); one built as given says nothing of either. From test/fixtures/run-kem.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import { loadRunDirectory } from './load-run-directory.js';
import { REPORT_PATHS, renderRunReports } from './render-run-reports.js';
import type { Dataset } from './dataset.js';

const RUN = fileURLToPath(new URL('../test/fixtures/run-kem', import.meta.url));

function markdownPage(dataset: Dataset): string {
  const path = REPORT_PATHS.candidateMarkdown('kem-99', dataset.campaign.systemId);
  return renderRunReports(dataset).find((file) => file.path === path)!.content;
}

describe('the build departures on a public-key candidate page', () => {
  test('names the patch an instance was built from and each flag the build added, with the evidence', async () => {
    const dataset = await loadRunDirectory(RUN);
    const [first, ...rest] = dataset.build.instances;
    const patched: Dataset = {
      ...dataset,
      build: {
        ...dataset.build,
        instances: [
          {
            ...first!,
            patch: { file: 'patches/fix.diff', sha256: 'ab'.repeat(32), files: ['src/toy.c'] },
            addedFlags: [
              { flag: '-fcommon', reason: 'the linker found drng_algorithm defined in more than one object' },
            ],
          },
          ...rest,
        ],
      },
    };
    const text = markdownPage(patched);
    expect(text).toContain(
      `Built from a patched copy: \`${first!.instance}\` — \`patches/fix.diff\` (candidate.json "patch", SHA-256 abababababababab…) changes \`src/toy.c\``,
    );
    expect(text).toContain(
      `Flag added to the build of \`${first!.instance}\`: \`-fcommon\` — the linker found drng_algorithm defined in more than one object`,
    );
  });

  test('a candidate built as given names no patch and no added flag', async () => {
    const text = markdownPage(await loadRunDirectory(RUN));
    expect(text).not.toContain('Built from a patched copy');
    expect(text).not.toContain('Flag added to the build');
  });
});
