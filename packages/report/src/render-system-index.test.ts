// The system index explains every ⚠ KAT verdict it lists: the recorded reason and a link to §3 of
// the candidate page, whose anchor exists in both formats.
import { describe, expect, it } from '@jest/globals';
import { seed000Dataset } from '../test/seed-datasets.js';
import { renderCandidateHtml } from './render-candidate-html.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { renderSystemIndexHtml, renderSystemIndexMarkdown } from './render-system-index.js';

const REASON =
  'no library: the guide build failed (opt/CryptHash_AlgorithmInstance.c:30:10: fatal error: windows.h: No such file or directory)';

function withLoadFailure() {
  const { dataset } = seed000Dataset();
  const first = dataset.build.instances[0]!;
  dataset.build.instances = [
    ...dataset.build.instances,
    { ...first, instance: `${first.instance}.optimized`, kat: 'LOADFAIL', katDetail: REASON },
  ];
  return { dataset, candidate: first.candidate, instance: `${first.instance}.optimized` };
}

describe('system index: instances without a KAT pass', () => {
  it('lists each one with its recorded reason, linked to the candidate page’s KAT section', () => {
    const { dataset, candidate, instance } = withLoadFailure();
    const markdown = renderSystemIndexMarkdown(dataset);
    const systemId = dataset.campaign.systemId;
    expect(markdown).toContain('## Instances without a KAT pass');
    expect(markdown).toContain(
      `- \`${instance}\` of [${candidate}](${candidate}/perf_${systemId}.md#3-functional-testing-kat): LOADFAIL — ${REASON}`,
    );
    // the anchor is the heading of §3 on the candidate page
    expect(renderCandidateMarkdown(dataset, candidate)).toContain('## 3. Functional testing (KAT)\n');
    const html = renderSystemIndexHtml(dataset);
    expect(html).toContain(`href="${candidate}/perf_${systemId}.html#kat"`);
    expect(html).toContain('windows.h: No such file or directory');
    expect(renderCandidateHtml(dataset, candidate)).toContain('id="kat"');
  });

  it('says when no reason was recorded', () => {
    const { dataset, instance } = withLoadFailure();
    dataset.build.instances.at(-1)!.katDetail = null;
    expect(renderSystemIndexMarkdown(dataset)).toMatch(
      new RegExp(`\`${instance.replace('.', '\\.')}\` of .*: LOADFAIL \\(no detail recorded\\)`),
    );
  });

  it('has no such section when every instance passed', () => {
    const { dataset } = seed000Dataset();
    expect(dataset.build.instances.every((entry) => entry.kat === 'PASS')).toBe(true);
    expect(renderSystemIndexMarkdown(dataset)).not.toContain('without a KAT pass');
  });
});
