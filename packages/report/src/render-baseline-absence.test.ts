// A campaign without the ICCS baseline says why on the summary, the system index and the method page,
// so a reader knows why no figure is shown × pseudoXOF.
import { describe, expect, it } from '@jest/globals';
import { seed000Dataset } from '../test/seed-datasets.js';
import { renderMethodMarkdown } from './render-method-markdown.js';
import { renderSystemIndexMarkdown } from './render-system-index.js';
import { renderSystemSummaryMarkdown } from './render-system-summary.js';

const pages = [renderSystemSummaryMarkdown, renderSystemIndexMarkdown, renderMethodMarkdown];

describe('a campaign without the ICCS baseline', () => {
  it('run --no-baseline (campaign.json baselineLeftOut): every page names the option', () => {
    const { dataset } = seed000Dataset();
    dataset.campaign.baselineLeftOut = true;
    for (const render of pages) {
      expect(render(dataset)).toContain(
        'This campaign left the ICCS baseline out (run --no-baseline), so no figure is shown × pseudoXOF.',
      );
    }
  });

  it('a campaign that predates the default: every page says none was measured', () => {
    const { dataset } = seed000Dataset();
    for (const render of pages) {
      const page = render(dataset);
      expect(page).toContain('This campaign measured no ICCS baseline, so no figure is shown × pseudoXOF.');
      expect(page).not.toContain('--no-baseline');
    }
  });

  it('a campaign with the baseline: no such sentence', () => {
    const { dataset } = seed000Dataset();
    dataset.campaign.baseline = {
      candidate: 'iccs-baseline',
      instances: [{ instance: 'pseudoxof_512', helper: 'pseudoXOF', digestBits: 512 }],
    };
    for (const render of pages) expect(render(dataset)).not.toContain('no figure is shown × pseudoXOF');
  });
});
