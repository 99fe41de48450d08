import { describe, expect, it } from '@jest/globals';
import { seed000Dataset } from '../test/seed-datasets.js';
import { renderCandidateHtml } from './render-candidate-html.js';

describe('renderCandidateHtml on seed 000 (hash-15 Litchi, x86_1)', () => {
  const html = renderCandidateHtml(seed000Dataset().dataset, 'hash-15');

  it('is a complete document with a viewport meta tag and the guide §3.5 headings', () => {
    expect(
      html.startsWith(
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n',
      ),
    ).toBe(true);
    expect([...html.matchAll(/<h[12][^>]*>([^<]*)<\/h[12]>/g)].map((match) => match[1])).toEqual([
      'hash-15 Litchi — performance on x86-64 (system x86_1)',
      '1. Basic information',
      '2. Assessment environment',
      '3. Functional testing (KAT)',
      '4. Performance',
      '5. Resource consumption',
      '7. Raw evidence index',
    ]);
    expect(html.endsWith('</html>\n')).toBe(true);
  });

  it('is self-contained: inline CSS, no script, no external resource; links are relative (site and system index, method, sections, evidence)', () => {
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|<img|\bsrc=|url\(|@import/);
    const links = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(links.slice(0, 9)).toEqual([
      '../index.html',
      '../index_x86_1.html',
      '../method_x86_1.html',
      '#basic',
      '#environment',
      '#kat',
      '#performance',
      '#resources',
      '#evidence',
    ]);
    // §7: 4 KAT logs and 32 records, each a link into the run directory, sizes in natural order
    expect(links.slice(9)).toHaveLength(36);
    expect(links.slice(9, 12)).toEqual([
      '../../kat/hash-15/litchi_512.log',
      '../../records/hash-15/litchi_512__hash_32.json',
      '../../records/hash-15/litchi_512__hash_128.json',
    ]);
    expect(links.every((href) => !/^[a-z]+:|^\//i.test(href))).toBe(true);
    // the SVG namespace name of the 4 charts (cycles/byte, MB/s, spread, RSS), never fetched
    expect(html.match(/https?:\/\/[^"]*/g)).toEqual(Array(4).fill('http://www.w3.org/2000/svg'));
  });

  it('gives every column header scope="col" and carries the seed figures', () => {
    expect(html.match(/<th>/g)).toBeNull();
    // page tables: headline 6 (one longest message, no memory of one call) + §2 2 + §3 3 + §4 7 and reliability 7 + §5 5
    // + §7 3 columns; chart data tables: cycles/byte and MB/s 1 + 4 instances each, spread 4, RSS 1 + 8 series
    expect(html.match(/<th scope="col">/g)).toHaveLength(6 + 2 + 3 + 7 + 7 + 5 + 3 + 5 + 5 + 4 + 9);
    expect(html.match(/<th scope="row">/g)).toHaveLength(8 + 8 + 32 + 8);
    expect(html).toContain(
      '<tr><td><code>litchi_512</code></td><td class="num">65536 B</td><td class="num">2.06 M</td><td class="num">31.5</td><td class="num">986 µs</td><td class="num">66.4</td><td class="num">5065 (5 × 1013)</td></tr>',
    );
    expect(html).toContain('KAT log (sha256 <code>4cee4d72f05f9c85…</code>)');
  });

  it('draws one line per instance on a log2 x axis, with <title> and <desc>', () => {
    expect(html).toContain('role="img" aria-labelledby="performance-chart-title performance-chart-desc"');
    expect(html).toContain(
      '<title id="performance-chart-title">hash-15: cycles per byte by message length (system x86_1)</title>',
    );
    expect(html).toMatch(
      /<desc id="performance-chart-desc">One line per instance at the mean; error bars span the slowest to the fastest trial; x axis: message length in bytes, logarithmic;.* litchi_512: 129\.0 at 32 B, 63\.1 at 128 B/,
    );
    const chart = html.slice(html.indexOf('<figure class="chart" id="performance-chart">'), html.indexOf('</figure>'));
    const lines = [...chart.matchAll(/<polyline class="mark" points="([^"]*)"/g)].map((match) => match[1]!.split(' '));
    expect(lines).toHaveLength(4);
    // x = 72 + 16 + (log2 L − 5) / (16 − 5) × 592 for L = 32 … 65536: e.g. 512 B → 88 + 4/11 × 592 = 303.3
    expect(lines[0]!.map((point) => point.split(',')[0])).toEqual([
      '88.0',
      '195.6',
      '303.3',
      '357.1',
      '464.7',
      '518.5',
      '572.4',
      '680.0',
    ]);
    // log y axis: 1-2-5 ticks from 20 to 200 cycles/byte (the data spans 31.5 … 134.1)
    expect(
      [...chart.matchAll(/<text x="66" y="[\d.]+" text-anchor="end" font-size="12">([\d.]+)<\/text>/g)].map(
        (match) => match[1],
      ),
    ).toEqual(['20', '50', '100', '200']);
  });

  it('is byte-identical when rendered twice', () => {
    expect(renderCandidateHtml(seed000Dataset().dataset, 'hash-15')).toBe(html);
  });

  it('HTML-escapes text from the run directory', () => {
    const dataset = seed000Dataset().dataset;
    dataset.campaign.environmentAtStart.cpuModel = '<script>alert("x")</script> & \'co\'';
    const escaped = renderCandidateHtml(dataset, 'hash-15');
    expect(escaped).not.toContain('<script>');
    expect(escaped).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39; (CPU 2, one core)');
  });
});
