// HTML escaping for every piece of text taken from the run directory.
import type { Inline } from './report-model.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes `& < > " '` so the text is safe in element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

function renderHtmlInline(inline: Inline): string {
  if (typeof inline === 'string') return escapeHtml(inline);
  if ('code' in inline) return `<code>${escapeHtml(inline.code)}</code>`;
  if ('href' in inline)
    return `<a href="${escapeHtml(inline.href)}">${inline.label.map(renderHtmlInline).join('')}</a>`;
  return `<span class="tone-${inline.tone}">${escapeHtml(inline.text)}</span>`;
}

export function renderHtmlInlines(inlines: readonly Inline[]): string {
  return inlines.map(renderHtmlInline).join('');
}
