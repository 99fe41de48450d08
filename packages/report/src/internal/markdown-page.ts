// Markdown for any page model: `#` title, `##` sections, GFM tables; charts are left out.
import { escapeMarkdownText, renderMarkdownInlines } from './markdown-text.js';
import type { Block, PageModel } from './report-model.js';

function renderBlock(block: Block): string | null {
  switch (block.kind) {
    case 'paragraph':
      return renderMarkdownInlines(block.inlines, false);
    case 'list':
      return block.items.map((item) => `- ${renderMarkdownInlines(item, false)}`).join('\n');
    case 'table': {
      const header = `| ${block.headers.map(escapeMarkdownText).join(' | ')} |`;
      const rule = `|${block.headers.map(() => '---').join('|')}|`;
      const rows = block.rows.map((row) => `| ${row.map((cell) => renderMarkdownInlines(cell, true)).join(' | ')} |`);
      return [header, rule, ...rows].join('\n');
    }
    case 'chart':
      return null; // charts appear on the HTML page only
  }
}

function renderBlocks(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block) => {
    const text = renderBlock(block);
    return text === null ? [] : [text];
  });
}

export function renderMarkdownDocument(page: PageModel): string {
  const parts = [`# ${escapeMarkdownText(page.title)}`];
  if (page.breadcrumbs !== undefined) parts.push(renderMarkdownInlines(page.breadcrumbs, false));
  parts.push(...renderBlocks(page.headline ?? []), ...renderBlocks(page.intro));
  for (const section of page.sections)
    parts.push(`## ${escapeMarkdownText(section.heading)}`, ...renderBlocks(section.blocks));
  parts.push(...renderBlocks(page.footer));
  return `${parts.join('\n\n')}\n`;
}
