import { describe, expect, test } from '@jest/globals';
import type { CategoryPageSection } from '@ngcc-perf/category';
import { renderCategoryPageHtml, renderCategoryPageMarkdown } from './render-category-page.js';

const section: CategoryPageSection = {
  id: 'eval-performance',
  heading: 'Performance of eval',
  paragraphs: ['The median of the trial means.'],
  tables: [
    {
      caption: 'ticks per call',
      headers: ['instance', 'input bytes', 'ticks/call'],
      numeric: [false, true, true],
      rows: [['toy', '64', '120']],
    },
  ],
};

describe('a page of a category of our own', () => {
  test('renders its sections in the Markdown frame every page has', () => {
    expect(
      renderCategoryPageMarkdown({ title: 'toy — performance', intro: ['One instance.'], sections: [section] }),
    ).toBe(
      '# toy — performance\n\nOne instance.\n\n## Performance of eval\n\nThe median of the trial means.\n\n' +
        '| instance | input bytes | ticks/call |\n|---|---|---|\n| toy | 64 | 120 |\n',
    );
  });

  test('and in the HTML frame, the section linked from the page navigation', () => {
    const html = renderCategoryPageHtml({ title: 'toy — performance', sections: [section] });
    expect(html).toContain('<a href="#eval-performance">Performance of eval</a>');
    expect(html).toContain('<caption>ticks per call</caption>');
  });
});
