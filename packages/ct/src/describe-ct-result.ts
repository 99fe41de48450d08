import type { CtResult } from './ct-result.js';

/**
 * The human form of a constant-time audit, as `ngcc-perf ct` prints it: the verdict (with the reason
 * when unknown), the taint run, the findings table (kind, function, file:line, first message
 * length, occurrences, where the secret entered), public divisions, notes, limits, the CPU features
 * valgrind hid, and the timing test (evidence only). A pure function of the result.
 * @example
 * process.stdout.write(describeCtResult(await runCt({ library, digestBits: 256 })));
 */
export function describeCtResult(result: CtResult): string {
  const lines = [
    `${result.library}: ${result.verdict}${result.verdict === 'unknown' ? ` (${result.reason}: ${result.detail})` : ''}`,
  ];
  if (result.taint !== null) {
    lines.push(
      `taint run: ${result.taint.valgrindVersion}, message lengths ${result.messageBits.join(', ')} bits, ${result.taint.seconds.toFixed(1)} s`,
    );
  }
  if (result.findings.length > 0) {
    lines.push(
      'kind              function              file:line              first length  occurrences  secret enters at',
    );
    for (const f of result.findings) {
      const where = f.file === null ? '??' : `${f.file}:${f.line ?? '?'}`;
      const first =
        f.source === 'disassembly'
          ? '(disassembly)'
          : f.source === 'division-probe'
            ? '(probe)'
            : `${f.firstMessageBits} bits`;
      const origin = f.origin === null ? '' : `${f.origin.function} ${f.origin.file ?? '??'}:${f.origin.line ?? '?'}`;
      lines.push(
        `${f.kind.padEnd(17)} ${f.function.padEnd(21)} ${where.padEnd(22)} ${first.padEnd(13)} ${String(f.occurrences ?? '').padEnd(12)} ${origin}`.trimEnd(),
      );
    }
  }
  for (const d of result.publicDivisions) {
    const where = d.file === null ? '??' : `${d.file}:${d.line ?? '?'}`;
    lines.push(
      `public division (not a finding): ${d.function} ${where}, ${d.operands === 'public' ? `operands public, ${d.executions}×` : 'never executed'}`,
    );
  }
  for (const note of result.notes) lines.push(`note: ${note}`);
  for (const limit of result.limits) lines.push(`limit: ${limit}`);
  if (result.cpu !== null && result.cpu.hiddenFeatures.length > 0)
    lines.push(`cpu: valgrind hid ${result.cpu.hiddenFeatures.join(' ')} (native view: ${result.cpu.nativeSource})`);
  const t = result.timing;
  if (t !== null) {
    const direction =
      t.direction === null ? '' : `, ${t.direction.replace('-', ' ')} by ${t.differencePercent.toFixed(2)} %`;
    lines.push(
      `timing test (evidence only; a shared VM is noisy): ${t.samplesCount} calls of ${t.messageBits / 8} bytes, max |t| = ${t.maxAbsT.toFixed(2)}${direction}; ` +
        `repeat max |t| = ${t.repeat.maxAbsT.toFixed(2)}${t.repeat.direction === null ? '' : ` ${t.repeat.direction.replace('-', ' ')}`} ` +
        `(threshold ${t.thresholdAbsT}: ${t.differenceSuspected ? 'a timing difference is suspected, confirmed by the repeat' : 'no confirmed difference'}), ` +
        `${t.seconds.toFixed(1)} s, counter ${t.counter}${t.minSamplesReached ? '' : `, stopped before ${t.minSamplesCount} samples`}`,
    );
  } else if (result.timingDetail !== null) {
    lines.push(`timing test: ${result.timingDetail}`);
  }
  return `${lines.join('\n')}\n`;
}
