// Horizontal bar chart, one bar per label (e.g. the median cycles/byte per instance), on an axis
// from 0 fitted to the data (fitAxis), each value printed on its own bar (inside its end, or just
// past it when the bar is too short for the text); where given, the mean as a diamond and its 95 %
// interval as a whisker on a line just under the bar, and a key under the axis for every kind of mark.
import { escapeHtml } from './html-text.js';
import { colour, fitAxis, fixed, openSvg, WIDTH } from './svg-frame.js';
import type { BarChartBlock } from './report-model.js';

const LEFT = 190;
const RIGHT = 60;
const TOP = 16;
const BAR_PX = 30;
/** The bar's rectangle within its slot of BAR_PX: from BAR_TOP, BAR_HEIGHT tall; the whisker under it. */
const BAR_TOP = 3;
const BAR_HEIGHT = 18;
const WHISKER_Y = 25;
const KEY_LINE_PX = 18;
/** Width of one character of the 12 px value label, an upper bound for digits, "." and "k". */
export const VALUE_CHAR_PX = 7.2;

function diamond(x: number, y: number): string {
  return `M${fixed(x)},${fixed(y - 4)} L${fixed(x + 4)},${fixed(y)} L${fixed(x)},${fixed(y + 4)} L${fixed(x - 4)},${fixed(y)} Z`;
}

/** Black or white, whichever reads better on `hex` (relative luminance above or below 0.4). */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#000000' : '#ffffff';
}

export function renderSvgBarChart(chart: BarChartBlock): string {
  const key = chart.key ?? [];
  const bottom = TOP + chart.bars.length * BAR_PX;
  const height = bottom + 44 + key.length * KEY_LINE_PX;
  const axis = fitAxis(Math.max(...chart.bars.flatMap((bar) => [bar.value, bar.mean ?? 0, bar.interval?.[1] ?? 0])));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (value: number): number => LEFT + (value / axis.top) * plotWidth;
  const parts = openSvg(chart.id, chart.title, chart.description, height);
  for (let tick = 0; tick <= axis.intervals; tick += 1) {
    const value = axis.step * tick;
    parts.push(
      `<line x1="${fixed(x(value))}" y1="${TOP}" x2="${fixed(x(value))}" y2="${bottom}" stroke="#dddddd"/>`,
      `<text x="${fixed(x(value))}" y="${bottom + 16}" text-anchor="middle" font-size="12">${String(Number(value.toPrecision(6)))}</text>`,
    );
  }
  chart.bars.forEach((bar, index) => {
    const y = TOP + index * BAR_PX;
    const barEnd = Math.max(LEFT + 1, x(bar.value));
    const whisker = y + WHISKER_Y;
    const fill = colour(bar.colourIndex);
    parts.push(
      `<text x="${LEFT - 8}" y="${fixed(y + BAR_TOP + BAR_HEIGHT / 2 + 4)}" text-anchor="end" font-size="13"${bar.flagged === true ? ' font-weight="600"' : ''}>${escapeHtml(bar.label)}</text>`,
      `<rect class="mark" x="${LEFT}" y="${y + BAR_TOP}" width="${fixed(barEnd - LEFT)}" height="${BAR_HEIGHT}" fill="${fill}"/>`,
    );
    if (bar.interval !== undefined) {
      const [low, high] = bar.interval;
      parts.push(
        `<line x1="${fixed(x(low))}" y1="${whisker}" x2="${fixed(x(high))}" y2="${whisker}" stroke="#000000" stroke-width="1.5"/>`,
        `<line x1="${fixed(x(low))}" y1="${whisker - 3}" x2="${fixed(x(low))}" y2="${whisker + 3}" stroke="#000000" stroke-width="1.5"/>`,
        `<line x1="${fixed(x(high))}" y1="${whisker - 3}" x2="${fixed(x(high))}" y2="${whisker + 3}" stroke="#000000" stroke-width="1.5"/>`,
      );
    }
    if (bar.mean !== undefined)
      parts.push(`<path d="${diamond(x(bar.mean), whisker)}" fill="#ffffff" stroke="#000000" stroke-width="1.5"/>`);
    const text = bar.value.toFixed(1);
    const inside = barEnd - LEFT >= text.length * VALUE_CHAR_PX + 8;
    const labelY = fixed(y + BAR_TOP + BAR_HEIGHT / 2 + 4);
    parts.push(
      inside
        ? `<text class="value" x="${fixed(barEnd - 4)}" y="${labelY}" text-anchor="end" font-size="12" fill="${textOn(fill)}">${escapeHtml(text)}</text>`
        : `<text class="value" x="${fixed(barEnd + 4)}" y="${labelY}" font-size="12">${escapeHtml(text)}</text>`,
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
