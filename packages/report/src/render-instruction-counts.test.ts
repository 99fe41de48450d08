import { describe, expect, it } from '@jest/globals';
import { makeDataset } from '../test/make-dataset.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { renderMethodMarkdown } from './render-method-markdown.js';
import { renderSystemSummaryMarkdown } from './render-system-summary.js';

const trials = (cyclesPerCall: number) =>
  [0.99, 1, 1.01].map((scale) => ({
    cpu: 2,
    baselineRssBytes: 1_712_128,
    peakRssBytes: 1_802_240,
    trial: { iterations: 1000, seconds: 0.01, ticks: Math.round(1000 * cyclesPerCall * scale) },
  }));

function countedDataset() {
  const dataset = makeDataset({
    candidate: 'toy',
    algorithm: 'Toy',
    instances: [{ instance: 'toy_256', katLogSha256: 'a'.repeat(64), imageBytes: 4096 }],
    records: [32, 1024, 65536].map((messageBytes) => ({
      instance: 'toy_256',
      messageBytes,
      imageBytes: 4096,
      processes: trials(20 * messageBytes),
    })),
  });
  for (const { record } of dataset.records) {
    // a fixed-rate counter, as on a VM: the timing tables speak of ticks
    if (record.status === 'complete') record.counter = { name: 'tsc', kind: 'fixed-rate', hz: 2_000_000_000 };
    const instructions = 12 * record.messageBytes;
    record.instructionCount = {
      source: 'valgrind',
      tool: 'valgrind-3.19.0',
      warmups: 1,
      harnessInstructions: [19, 19, 19],
      libraryInstructions: [instructions + 19, instructions + 19, instructions + 19],
      instructions,
      instructionsPerByte: 12,
      exact: true,
      seconds: 0.7,
    };
  }
  return dataset;
}

describe('instruction counts on the pages', () => {
  const dataset = countedDataset();

  it('the candidate page shows instructions and instructions/byte beside the per-byte timing figure, with the source', () => {
    const page = renderCandidateMarkdown(dataset, 'toy');
    expect(page).toContain('| instance | message | instructions | instructions/byte | ticks/byte | source |');
    expect(page).toContain('| `toy_256` | 1024 B | 12288 | 12.0 | 20.0 | callgrind (valgrind-3.19.0) |');
  });

  it("the summary's instructions/byte column comes right after the per-byte column (it went first with ticks)", () => {
    const header = renderSystemSummaryMarkdown(dataset)
      .split('\n')
      .find((line) => line.startsWith('| candidate'))!;
    const cells = header.split('|').map((cell) => cell.trim());
    const perByte = cells.findIndex((cell) => cell.startsWith('ticks/byte @'));
    expect(perByte).toBeGreaterThan(0);
    expect(cells[perByte + 1]).toBe('instructions/byte @ 64 KiB');
  });

  it('the method page says what is counted and what a count does not tell', () => {
    const page = renderMethodMarkdown(dataset);
    expect(page).toContain('## Instruction counts');
    expect(page).toMatch(/What a count does not tell: time\..*cache misses.*instructions retired per cycle/);
    expect(page).toContain('Sources used in this run: callgrind (valgrind-3.19.0).');
  });
});
