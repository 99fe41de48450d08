// Horizontal bar chart, one bar per label (e.g. cycles/byte at 64 KiB per instance), the value
// printed at the end of each bar.
import { escapeHtml } from './html-text.js';
import { colour, fixed, niceCeiling, openSvg, WIDTH } from './svg-frame.js';
import type { BarChartBlock } from './report-model.js';

const LEFT = 190;
const RIGHT = 90;
const TOP = 16;
const BAR_PX = 26;

export function renderSvgBarChart(chart: BarChartBlock): string {
  const height = TOP + chart.bars.length * BAR_PX + 44;
  const top = niceCeiling(Math.max(...chart.bars.map((bar) => bar.value)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (value: number): number => LEFT + (value / top) * plotWidth;
  const bottom = TOP + chart.bars.length * BAR_PX;
  const parts = openSvg(chart.id, chart.title, chart.description, height);
  for (let tick = 0; tick <= 4; tick += 1) {
    const value = (top * tick) / 4;
    parts.push(
      `<line x1="${fixed(x(value))}" y1="${TOP}" x2="${fixed(x(value))}" y2="${bottom}" stroke="#dddddd"/>`,
      `<text x="${fixed(x(value))}" y="${bottom + 16}" text-anchor="middle" font-size="11">${String(Number(value.toPrecision(6)))}</text>`,
    );
  }
  chart.bars.forEach((bar, index) => {
    const y = TOP + index * BAR_PX;
    parts.push(
      `<text x="${LEFT - 8}" y="${y + 17}" text-anchor="end" font-size="12">${escapeHtml(bar.label)}</text>`,
      `<rect class="mark" x="${LEFT}" y="${y + 4}" width="${fixed(Math.max(1, x(bar.value) - LEFT))}" height="${BAR_PX - 8}" fill="${colour(bar.colourIndex)}"/>`,
      `<text x="${fixed(x(bar.value) + 6)}" y="${y + 17}" font-size="11">${escapeHtml(bar.value.toFixed(1))}</text>`,
    );
  });
  parts.push(
    `<line x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${bottom}" stroke="#333333"/>`,
    `<text x="${fixed(LEFT + plotWidth / 2)}" y="${height - 8}" text-anchor="middle" font-size="12">${escapeHtml(chart.yAxisLabel)}</text>`,
    '</svg>',
  );
  return parts.join('\n');
}
