// Horizontal bar chart, one bar per label (e.g. the median cycles/byte per instance), the value
// printed at the end of each bar; where given, the mean as a diamond with its 95 % interval as a
// whisker, and a key under the axis for every kind of mark.
import { escapeHtml } from './html-text.js';
import { colour, fixed, niceCeiling, openSvg, WIDTH } from './svg-frame.js';
import type { BarChartBlock } from './report-model.js';

const LEFT = 190;
const RIGHT = 90;
const TOP = 16;
const BAR_PX = 28;
const KEY_LINE_PX = 18;

function diamond(x: number, y: number): string {
  return `M${fixed(x)},${fixed(y - 5)} L${fixed(x + 5)},${fixed(y)} L${fixed(x)},${fixed(y + 5)} L${fixed(x - 5)},${fixed(y)} Z`;
}

export function renderSvgBarChart(chart: BarChartBlock): string {
  const key = chart.key ?? [];
  const bottom = TOP + chart.bars.length * BAR_PX;
  const height = bottom + 44 + key.length * KEY_LINE_PX;
  const top = niceCeiling(Math.max(...chart.bars.flatMap((bar) => [bar.value, bar.mean ?? 0, bar.interval?.[1] ?? 0])));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (value: number): number => LEFT + (value / top) * plotWidth;
  const parts = openSvg(chart.id, chart.title, chart.description, height);
  for (let tick = 0; tick <= 4; tick += 1) {
    const value = (top * tick) / 4;
    parts.push(
      `<line x1="${fixed(x(value))}" y1="${TOP}" x2="${fixed(x(value))}" y2="${bottom}" stroke="#dddddd"/>`,
      `<text x="${fixed(x(value))}" y="${bottom + 16}" text-anchor="middle" font-size="12">${String(Number(value.toPrecision(6)))}</text>`,
    );
  }
  chart.bars.forEach((bar, index) => {
    const y = TOP + index * BAR_PX;
    const middle = y + BAR_PX / 2;
    const end = Math.max(
      x(bar.value),
      bar.mean === undefined ? 0 : x(bar.mean),
      bar.interval === undefined ? 0 : x(bar.interval[1]),
    );
    parts.push(
      `<text x="${LEFT - 8}" y="${fixed(middle + 4)}" text-anchor="end" font-size="13"${bar.flagged === true ? ' font-weight="600"' : ''}>${escapeHtml(bar.label)}</text>`,
      `<rect class="mark" x="${LEFT}" y="${y + 5}" width="${fixed(Math.max(1, x(bar.value) - LEFT))}" height="${BAR_PX - 10}" fill="${colour(bar.colourIndex)}" fill-opacity="0.85"/>`,
    );
    if (bar.interval !== undefined) {
      const [low, high] = bar.interval;
      parts.push(
        `<line x1="${fixed(x(low))}" y1="${fixed(middle)}" x2="${fixed(x(high))}" y2="${fixed(middle)}" stroke="#000000" stroke-width="1.5"/>`,
        `<line x1="${fixed(x(low))}" y1="${fixed(middle - 5)}" x2="${fixed(x(low))}" y2="${fixed(middle + 5)}" stroke="#000000" stroke-width="1.5"/>`,
        `<line x1="${fixed(x(high))}" y1="${fixed(middle - 5)}" x2="${fixed(x(high))}" y2="${fixed(middle + 5)}" stroke="#000000" stroke-width="1.5"/>`,
      );
    }
    if (bar.mean !== undefined)
      parts.push(`<path d="${diamond(x(bar.mean), middle)}" fill="#ffffff" stroke="#000000" stroke-width="1.5"/>`);
    parts.push(
      `<text x="${fixed(end + 8)}" y="${fixed(middle + 4)}" font-size="12">${escapeHtml(bar.value.toFixed(1))}</text>`,
    );
  });
  parts.push(
    `<line x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${bottom}" stroke="#333333"/>`,
    `<text x="${fixed(LEFT + plotWidth / 2)}" y="${bottom + 36}" text-anchor="middle" font-size="13">${escapeHtml(chart.yAxisLabel)}</text>`,
  );
  key.forEach((line, index) => {
    parts.push(
      `<text x="${LEFT}" y="${bottom + 58 + index * KEY_LINE_PX}" font-size="12" fill="#333333">${escapeHtml(line)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
