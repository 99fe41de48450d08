// Chart axes fitted to the data and value labels on the bar they label, read back from the SVG.
import { describe, expect, it } from '@jest/globals';
import { renderSvgBarChart, VALUE_CHAR_PX } from './svg-bar-chart.js';
import { fitAxis } from './svg-frame.js';
import { renderSvgLineChart } from './svg-line-chart.js';
import { renderSvgSpreadChart } from './svg-spread-chart.js';
import type { BarChartBlock, LineChartBlock, SpreadChartBlock } from './report-model.js';

const data = { kind: 'table', caption: '', headers: [], numeric: [], rows: [] } as const;

function barChart(bars: BarChartBlock['bars']): BarChartBlock {
  return {
    kind: 'chart',
    chart: 'bar',
    id: 'b',
    title: 't',
    description: 'd',
    yAxisLabel: 'ticks/byte',
    bars,
    data: { ...data, headers: [], numeric: [], rows: [] },
  };
}

const attribute = (element: string, name: string): number => Number(new RegExp(` ${name}="([^"]+)"`).exec(element)![1]);

/** The bars' rectangles and the value labels, in drawing order, and the axis' tick values. */
function readBarChart(svg: string) {
  const rects = [...svg.matchAll(/<rect class="mark"[^>]*>/g)].map(([element]) => ({
    x: attribute(element, 'x'),
    y: attribute(element, 'y'),
    width: attribute(element, 'width'),
    height: attribute(element, 'height'),
  }));
  const labels = [...svg.matchAll(/<text class="value"([^>]*)>([^<]*)<\/text>/g)].map(([element, , text]) => ({
    x: attribute(element, 'x'),
    y: attribute(element, 'y'),
    anchor: / text-anchor="end"/.test(element) ? 'end' : 'start',
    text: text!,
  }));
  const gridX = [...svg.matchAll(/<line x1="([^"]+)" y1="16" x2="[^"]+" y2="\d+" stroke="#dddddd"\/>/g)].map((m) =>
    Number(m[1]),
  );
  return { rects, labels, axisEndX: Math.max(...gridX), axisStartX: Math.min(...gridX) };
}

describe('fitAxis', () => {
  it.each([
    [51, 60],
    [100, 100],
    [101, 125],
    [0.3, 0.3],
    [4.01e6, 5e6],
    [7.8, 8],
  ])('largest %p: the axis ends at %p, the data fill more than 70 %% of it', (largest, top) => {
    const axis = fitAxis(largest);
    expect(axis.top).toBe(top);
    expect(largest / axis.top).toBeGreaterThan(0.7);
    expect(axis.intervals).toBeLessThanOrEqual(5);
    expect(axis.step * axis.intervals).toBeCloseTo(axis.top, 9);
  });
  it('the spread chart’s half axis (at most 4 steps each side): 52 % ends at 60 %, not 100 %', () => {
    const axis = fitAxis(52, 4);
    expect(axis).toEqual({ top: 60, step: 20, intervals: 3 });
  });
});

describe('the bar chart', () => {
  const bars: BarChartBlock['bars'] = [
    { label: 'sha512', value: 51.3, colourIndex: 0, interval: [49.9, 53.8] },
    { label: 'sm3', value: 12.7, colourIndex: 1, interval: [12.7, 13.5] },
    { label: 'tiny', value: 0.4, colourIndex: 4 },
  ];

  it('the largest bar or whisker reaches past 70 % of the axis, and none goes beyond it', () => {
    const { rects, axisEndX, axisStartX } = readBarChart(renderSvgBarChart(barChart(bars)));
    const longest = Math.max(...rects.map((rect) => rect.x + rect.width));
    // 53.8 (the whisker's end) on a 0–60 axis, not 0–100
    expect((longest - axisStartX) / (axisEndX - axisStartX)).toBeGreaterThan(0.7);
    expect(longest).toBeLessThanOrEqual(axisEndX);
  });

  it('each value label sits on its own bar: inside its end when it fits, else just past it', () => {
    const { rects, labels } = readBarChart(renderSvgBarChart(barChart(bars)));
    expect(labels.map((label) => label.text)).toEqual(['51.3', '12.7', '0.4']);
    labels.forEach((label, index) => {
      const rect = rects[index]!;
      const end = rect.x + rect.width;
      // on the bar's own row: its baseline within the rectangle's height
      expect(label.y).toBeGreaterThan(rect.y);
      expect(label.y).toBeLessThanOrEqual(rect.y + rect.height);
      if (label.anchor === 'end') {
        // right-aligned inside the bar: the whole text between the bar's start and end
        expect(label.x).toBeLessThanOrEqual(end);
        expect(label.x - label.text.length * VALUE_CHAR_PX).toBeGreaterThanOrEqual(rect.x);
      } else {
        expect(label.x).toBeGreaterThanOrEqual(end);
        expect(label.x - end).toBeLessThanOrEqual(6);
      }
    });
    expect(labels.map((label) => label.anchor)).toEqual(['end', 'end', 'start']);
  });
});

describe('the line chart on a linear axis', () => {
  it('its highest point reaches past 70 % of the plot height', () => {
    const chart: LineChartBlock = {
      kind: 'chart',
      chart: 'line',
      id: 'l',
      title: 't',
      description: 'd',
      xAxisLabel: 'bytes',
      yAxisLabel: 'MB/s',
      series: [
        {
          name: 'sm3',
          colourIndex: 0,
          dash: 'solid',
          points: [
            { x: 32, y: 20 },
            { x: 1024, y: 51 },
          ],
        },
      ],
      data: { ...data, headers: [], numeric: [], rows: [] },
    };
    const svg = renderSvgLineChart(chart);
    const gridY = [...svg.matchAll(/<line x1="72" y1="([^"]+)" x2="[^"]+" y2="[^"]+" stroke="#dddddd"\/>/g)].map((m) =>
      Number(m[1]),
    );
    const [top, bottom] = [Math.min(...gridY), Math.max(...gridY)];
    const polyline = /<polyline class="mark" points="([^"]+)"/.exec(svg)![1]!;
    const highestY = Math.min(...polyline.split(' ').map((point) => Number(point.split(',')[1])));
    expect((bottom - highestY) / (bottom - top)).toBeGreaterThan(0.7);
    expect(highestY).toBeGreaterThanOrEqual(top);
  });
});

describe('the spread chart', () => {
  it('its axis ends at the first tick past the largest deviation (±60 % for 52 %, not ±100 %)', () => {
    const chart: SpreadChartBlock = {
      kind: 'chart',
      chart: 'spread',
      id: 's',
      title: 't',
      description: 'd',
      xAxisLabel: 'bytes',
      yAxisLabel: '%',
      seriesNames: ['sm3'],
      groups: [{ x: 32, seriesIndex: 0, trialDeviationsPercent: [52, -10, 3] }],
      data: { ...data, headers: [], numeric: [], rows: [] },
    };
    const ticks = [
      ...renderSvgSpreadChart(chart).matchAll(/text-anchor="end" font-size="12">(-?[0-9.]+)<\/text>/g),
    ].map((match) => Number(match[1]));
    expect(Math.max(...ticks)).toBe(60);
    expect(Math.min(...ticks)).toBe(-60);
  });
});
