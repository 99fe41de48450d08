// The HTML shell every page shares: inline CSS (responsive, printable), a section navigation,
// tables with header scopes, and charts as inline SVG with a data table as text alternative.
import { escapeHtml, renderHtmlInlines } from './html-text.js';
import { renderSvgBarChart } from './svg-bar-chart.js';
import { renderSvgLineChart } from './svg-line-chart.js';
import { renderSvgSpreadChart } from './svg-spread-chart.js';
import type { Block, ChartBlock, PageModel, TableBlock } from './report-model.js';

const STYLE = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --head: #f0f3f6; --accent: #0b5cad; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: var(--ink); background: #ffffff; margin: 0; }
main { max-width: 76rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.7rem; line-height: 1.25; margin: 1.25rem 0 0.75rem; }
h2 { font-size: 1.3rem; margin: 2.25rem 0 0.75rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--line); }
p { max-width: 60rem; }
p, li, figcaption { overflow-wrap: break-word; }
nav.breadcrumbs { font-size: 0.9rem; color: var(--muted); margin-top: 0.75rem; }
nav.breadcrumbs a { color: var(--accent); }
section.headline { border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: 6px; padding: 0.25rem 1rem 0.5rem; margin: 0.5rem 0 1.25rem; background: #fbfcfd; }
section.headline table { font-size: 0.95rem; }
section.headline p { font-size: 0.85rem; color: var(--muted); margin: 0.25rem 0; }
.tone-good { color: #116329; font-weight: 600; }
.tone-bad { color: #b3261e; font-weight: 700; }
.tone-warn { color: #8a5a00; font-weight: 600; }
nav.toc ul { list-style: none; padding: 0; margin: 0.5rem 0 1rem; display: flex; flex-wrap: wrap; gap: 0.4rem; }
nav.toc a { display: inline-block; padding: 0.15rem 0.7rem; border: 1px solid var(--line); border-radius: 1rem; color: var(--accent); text-decoration: none; font-size: 0.9rem; }
nav.toc a:hover, nav.toc a:focus { background: var(--head); }
.table-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; margin: 0.75rem 0; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.3rem; }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.6rem; vertical-align: top; }
thead th { background: var(--head); text-align: left; }
tbody tr:nth-child(even) { background: #f8fafb; }
tbody th[scope="row"] { text-align: left; font-weight: 600; background: #fbfcfd; }
td.prose { min-width: 16rem; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.88em; background: var(--head); padding: 0 0.2em; border-radius: 3px; overflow-wrap: break-word; }
td code, th code, td a { white-space: nowrap; overflow-wrap: normal; }
a code { color: var(--accent); }
.charts { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.25rem; margin: 1rem 0; max-width: 56rem; }
figure.chart { margin: 0; padding: 0.75rem; border: 1px solid var(--line); border-radius: 6px; background: #ffffff; }
figure.chart svg { display: block; width: 100%; height: auto; }
figcaption { font-size: 0.9rem; color: var(--muted); margin-top: 0.4rem; }
details { margin-top: 0.4rem; font-size: 0.85rem; }
summary { cursor: pointer; color: var(--accent); }
footer { margin-top: 2.5rem; color: var(--muted); font-size: 0.9rem; }
@media (max-width: 40rem) {
  main { padding: 0.5rem 0.75rem 2rem; }
  h1 { font-size: 1.35rem; }
  table { font-size: 0.8rem; }
  th, td { padding: 0.25rem 0.4rem; }
}
@media print {
  nav.toc, details { display: none; }
  main { max-width: none; padding: 0; }
  body { font-size: 10pt; }
  h2 { break-after: avoid; }
  figure.chart, tr { break-inside: avoid; }
  .charts { display: block; }
  figure.chart { margin: 0.5rem 0; border: none; }
  .table-wrap { overflow: visible; }
}
`.trim();

export function renderHtmlTable(table: TableBlock): string {
  const head = table.headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('');
  const body = table.rows
    .map((row) => {
      const cells = row.map((cell, index) => {
        if (index === 0 && table.rowHeaders === true) return `<th scope="row">${renderHtmlInlines(cell)}</th>`;
        const open = table.numeric[index]
          ? '<td class="num">'
          : table.prose?.[index] === true
            ? '<td class="prose">'
            : '<td>';
        return `${open}${renderHtmlInlines(cell)}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<div class="table-wrap"><table>\n<caption>${escapeHtml(table.caption)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

function renderSvg(chart: ChartBlock): string {
  switch (chart.chart) {
    case 'line':
      return renderSvgLineChart(chart);
    case 'spread':
      return renderSvgSpreadChart(chart);
    case 'bar':
      return renderSvgBarChart(chart);
  }
}

function renderChart(chart: ChartBlock): string {
  return [
    `<figure class="chart" id="${chart.id}">`,
    renderSvg(chart),
    `<figcaption>${escapeHtml(chart.title)}</figcaption>`,
    `<details><summary>Data of this chart</summary>\n${renderHtmlTable(chart.data)}\n</details>`,
    '</figure>',
  ].join('\n');
}

/** Renders blocks; consecutive charts share one responsive grid. */
export function renderHtmlBlocks(blocks: readonly Block[]): string[] {
  const out: string[] = [];
  let charts: string[] = [];
  const flush = (): void => {
    if (charts.length > 0) out.push(`<div class="charts">\n${charts.join('\n')}\n</div>`);
    charts = [];
  };
  for (const block of blocks) {
    if (block.kind === 'chart') {
      charts.push(renderChart(block));
      continue;
    }
    flush();
    if (block.kind === 'paragraph') out.push(`<p>${renderHtmlInlines(block.inlines)}</p>`);
    else if (block.kind === 'list')
      out.push(`<ul>\n${block.items.map((item) => `<li>${renderHtmlInlines(item)}</li>`).join('\n')}\n</ul>`);
    else out.push(renderHtmlTable(block));
  }
  flush();
  return out;
}

/** A complete, self-contained document: no script, no external resource. */
export function renderHtmlDocument(page: PageModel): string {
  const nav = page.sections
    .map((section) => `<li><a href="#${section.id}">${escapeHtml(section.heading)}</a></li>`)
    .join('');
  const lines = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    '<main>',
    ...(page.breadcrumbs === undefined
      ? []
      : [`<nav class="breadcrumbs" aria-label="Breadcrumbs">${renderHtmlInlines(page.breadcrumbs)}</nav>`]),
    `<h1>${escapeHtml(page.title)}</h1>`,
    ...(page.headline === undefined
      ? []
      : ['<section class="headline" aria-label="At a glance">', ...renderHtmlBlocks(page.headline), '</section>']),
    ...renderHtmlBlocks(page.intro),
    `<nav class="toc" aria-label="Sections"><ul>${nav}</ul></nav>`,
  ];
  for (const section of page.sections) {
    lines.push(
      `<section aria-labelledby="${section.id}">`,
      `<h2 id="${section.id}">${escapeHtml(section.heading)}</h2>`,
      ...renderHtmlBlocks(section.blocks),
      '</section>',
    );
  }
  lines.push('<footer>', ...renderHtmlBlocks(page.footer), '</footer>', '</main>', '</body>', '</html>');
  return `${lines.join('\n')}\n`;
}
