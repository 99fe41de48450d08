// The pages show discovery's evidence from build.json: the manifest entries each KAT file matched,
// the reference twin that judged another version, the sources the linker step added with the
// undefined symbol behind each (candidate page, Markdown and HTML), and the inputs that yielded no
// measurable instance with their reason (summary page, Markdown and HTML).
import { describe, expect, it } from '@jest/globals';
import { seed000Dataset } from '../test/seed-datasets.js';
import type { Dataset } from './dataset.js';
import { renderCandidateHtml } from './render-candidate-html.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { renderSystemSummaryHtml, renderSystemSummaryMarkdown } from './render-system-summary.js';

function withDiscoveryEvidence(): Dataset {
  const { dataset } = seed000Dataset();
  const [first, second] = dataset.build.instances;
  first!.katReference = {
    entries: ['Litchi-256/KAT_2_12_Litchi-256.txt', 'Litchi-256/KAT_2_23_Litchi-256.txt'],
    twin: null,
  };
  second!.katReference = {
    entries: ['Litchi-256/KAT_2_12_Litchi-256.txt', 'Litchi-256/KAT_2_23_Litchi-256.txt'],
    twin: first!.instance,
  };
  second!.addedSources = [
    { file: 'Implementations/common', kind: 'include-dir', reason: 'holds core.h, which Opt/x.c includes' },
    {
      file: 'Implementations/common/core.c',
      kind: 'source',
      reason: "defines litchi_core, left undefined by the instance's own objects",
    },
  ];
  second!.targetFlags = [
    {
      flag: '-maes',
      reason:
        'gcc: _mm_aesenc_si128 (wmmintrin.h:61, target "aes,sse2") failed with "target specific option mismatch"; ' +
        "this host's CPU has aes (gcc -march=native enables -maes)",
    },
  ];
  dataset.build.packages = [
    {
      candidate: 'hash-15',
      packageName: 'Litchi',
      archive: null,
      archiveSha256: null,
      versions: ['Reference_Implementation'],
      unmeasured: [],
    },
    {
      candidate: 'pkg-yuzu',
      packageName: 'Yuzu',
      archive: 'Yuzu.zip',
      archiveSha256: 'ab'.repeat(32),
      versions: [],
      reason: 'the linker leaves yuzu_round undefined and no source of the package defines it (checked with nm)',
      unmeasured: [],
    },
  ];
  return dataset;
}

describe('discovery evidence on the pages', () => {
  const dataset = withDiscoveryEvidence();
  const [first, second] = dataset.build.instances.map((entry) => entry.instance);

  it('the candidate page names the matched manifest entries, the twin and the added sources with why', () => {
    const markdown = renderCandidateMarkdown(dataset, 'hash-15');
    expect(markdown).toContain(
      `- \`${first}\`: \`Litchi-256/KAT_2_12_Litchi-256.txt\`, \`Litchi-256/KAT_2_23_Litchi-256.txt\`\n`,
    );
    expect(markdown).toContain(`entries of its reference twin \`${first}\``);
    expect(markdown).toContain(
      `- Source added by the linker step to \`${second}\`: \`Implementations/common/core.c\` — defines litchi_core, left undefined by the instance's own objects\n`,
    );
    expect(markdown).toContain(`- Include folder added to \`${second}\`: \`Implementations/common\` — holds core.h`);
    const html = renderCandidateHtml(dataset, 'hash-15');
    expect(html).toContain('<code>Litchi-256/KAT_2_23_Litchi-256.txt</code>');
    expect(html).toContain(`entries of its reference twin <code>${first}</code>`);
    expect(html).toContain('<code>Implementations/common/core.c</code> — defines litchi_core');
  });

  it('the candidate page names each target flag the build added, with why, in Markdown and in HTML', () => {
    expect(renderCandidateMarkdown(dataset, 'hash-15')).toContain(
      `- Target flag added to the build of \`${second}\`: \`-maes\` — gcc: _mm_aesenc_si128 (wmmintrin.h:61`,
    );
    expect(renderCandidateHtml(dataset, 'hash-15')).toContain(
      '<code>-maes</code> — gcc: _mm_aesenc_si128 (wmmintrin.h:61, target &quot;aes,sse2&quot;)',
    );
  });

  it('the candidate page names a patch the instance was built from and each flag the build added', () => {
    const patched = withDiscoveryEvidence();
    const entry = patched.build.instances[0]!;
    entry.patch = { file: 'patches/fix.diff', sha256: 'c3'.repeat(32), files: ['src/a.c', 'src/b.h'] };
    entry.addedFlags = [
      { flag: '-fcommon', reason: 'the linker found drng_algorithm defined in more than one object' },
    ];
    const markdown = renderCandidateMarkdown(patched, 'hash-15');
    expect(markdown).toContain(
      `- Built from a patched copy: \`${first}\` — \`patches/fix.diff\` (candidate.json "patch", SHA-256 c3c3c3c3c3c3c3c3…) changes \`src/a.c\`, \`src/b.h\`\n`,
    );
    expect(markdown).toContain(
      `- Flag added to the build of \`${first}\`: \`-fcommon\` — the linker found drng_algorithm defined in more than one object\n`,
    );
    expect(renderCandidateMarkdown(dataset, 'hash-15')).not.toContain('patched copy');
  });

  it('the summary page lists an input that yielded nothing with its reason, in Markdown and in HTML', () => {
    const markdown = renderSystemSummaryMarkdown(dataset);
    expect(markdown).toContain('## Inputs not measured');
    expect(markdown).toContain('- `Yuzu.zip` (pkg-yuzu) — the linker leaves yuzu_round undefined');
    const html = renderSystemSummaryHtml(dataset);
    expect(html).toContain('Inputs not measured');
    expect(html).toContain('<code>Yuzu.zip</code> (pkg-yuzu) — the linker leaves yuzu_round undefined');
  });

  it('pages without discovery evidence say nothing of it', () => {
    const plain = seed000Dataset().dataset;
    expect(renderSystemSummaryMarkdown(plain)).not.toContain('not measured');
    expect(renderCandidateMarkdown(plain, 'hash-15')).not.toContain('manifest entries each instance');
  });
});
