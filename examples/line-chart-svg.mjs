// A small SVG line chart for the examples: no dependency, one polyline with labelled axes.

const escapeXml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Renders points as an SVG line chart (640 × 400).
 * @param {{ title: string, xLabel: string, yLabel: string, points: { x: number, y: number }[], logY?: boolean }} chart
 * @returns {string} the SVG document
 */
export function renderLineChartSvg({ title, xLabel, yLabel, points, logY = false }) {
  const width = 640;
  const height = 400;
  const left = 70;
  const right = 20;
  const top = 40;
  const bottom = 50;
  const ys = points.map((p) => (logY ? Math.log10(p.y) : p.y));
  const xMin = Math.min(...points.map((p) => p.x));
  const xMax = Math.max(...points.map((p) => p.x), xMin + 1);
  const yMin = logY ? Math.floor(Math.min(...ys)) : 0;
  const yMax = logY ? Math.ceil(Math.max(...ys, yMin + 1)) : Math.max(...ys) * 1.05 || 1;
  const sx = (x) => left + ((x - xMin) / (xMax - xMin)) * (width - left - right);
  const sy = (y) => height - bottom - ((y - yMin) / (yMax - yMin)) * (height - top - bottom);
  const line = points.map((p, i) => `${sx(p.x).toFixed(1)},${sy(ys[i]).toFixed(1)}`).join(' ');
  const yTicks = [];
  for (let k = 0; k <= (logY ? yMax - yMin : 4); k += 1) {
    const value = logY ? yMin + k : yMin + ((yMax - yMin) * k) / 4;
    const label = logY ? String(10 ** value) : value.toFixed(1);
    yTicks.push(
      `<line x1="${left}" x2="${width - right}" y1="${sy(value)}" y2="${sy(value)}" stroke="#ddd"/><text x="${left - 6}" y="${sy(value) + 4}" text-anchor="end">${label}</text>`,
    );
  }
  const xTicks = [0, 1, 2, 3, 4].map((k) => {
    const value = xMin + ((xMax - xMin) * k) / 4;
    return `<text x="${sx(value)}" y="${height - bottom + 18}" text-anchor="middle">${Math.round(value)}</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15">${escapeXml(title)}</text>`,
    ...yTicks,
    ...xTicks,
    `<line x1="${left}" x2="${left}" y1="${top}" y2="${height - bottom}" stroke="#333"/>`,
    `<line x1="${left}" x2="${width - right}" y1="${height - bottom}" y2="${height - bottom}" stroke="#333"/>`,
    `<polyline fill="none" stroke="#1f77b4" stroke-width="1.5" points="${line}"/>`,
    `<text x="${(left + width - right) / 2}" y="${height - 10}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(16 ${(top + height - bottom) / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yLabel)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
