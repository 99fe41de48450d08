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

/** A link target with the characters that would end it or break a table cell percent-encoded. */
function markdownHref(href: string): string {
  return href.replace(
    /[ ()|<>]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

function renderMarkdownInline(inline: Inline, inTable: boolean): string {
  if (typeof inline === 'string') return escapeMarkdownText(inline);
  if ('code' in inline) return markdownCodeSpan(inline.code, inTable);
  if ('href' in inline)
    return `[${inline.label.map((part) => renderMarkdownInline(part, inTable)).join('')}](${markdownHref(inline.href)})`;
  return escapeMarkdownText(inline.text);
}

export function renderMarkdownInlines(inlines: readonly Inline[], inTable: boolean): string {
  return inlines.map((inline) => renderMarkdownInline(inline, inTable)).join('');
}
