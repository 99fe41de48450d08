// Markdown (CommonMark + GFM tables) escaping for text taken from the run directory.
import type { Inline } from './report-model.js';

/** Backslash-escapes the characters that could start markup or break a table cell. */
export function escapeMarkdownText(text: string): string {
  return text.replace(/[\\`*|<>[\]]/g, (character) => `\\${character}`).replace(/\r?\n/g, ' ');
}

/** A code span whose fence is longer than any backtick run inside (CommonMark §6.1). */
export function markdownCodeSpan(code: string, inTable: boolean): string {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padded = code.startsWith('`') || code.endsWith('`') ? ` ${code} ` : code;
  const body = (inTable ? padded.replace(/\|/g, '\\|') : padded).replace(/\r?\n/g, ' ');
  return `${fence}${body}${fence}`;
}

export function renderMarkdownInlines(inlines: readonly Inline[], inTable: boolean): string {
  return inlines.map((inline) => (typeof inline === 'string' ? escapeMarkdownText(inline) : markdownCodeSpan(inline.code, inTable))).join('');
}
