// HTML escaping for every piece of text taken from the run directory.
import type { Inline } from './report-model.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes `& < > " '` so the text is safe in element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

export function renderHtmlInlines(inlines: readonly Inline[]): string {
  return inlines.map((inline) => (typeof inline === 'string' ? escapeHtml(inline) : `<code>${escapeHtml(inline.code)}</code>`)).join('');
}
