import type { CategoryPageSection } from '@ngcc-perf/category';
import { categoryReportSections } from './internal/category-sections.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { paragraph, type PageModel } from './internal/report-model.js';

/** A page made of a category's sections (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories). */
export interface CategoryPage {
  /** The page's title, without `#`. */
  title: string;
  /** Sentences before the sections. */
  intro?: readonly string[];
  /** The sections, as the category's `pages.sections` gives them. */
  sections: readonly CategoryPageSection[];
}

function pageModel(page: CategoryPage): PageModel {
  return {
    title: page.title,
    intro: (page.intro ?? []).map((text) => paragraph(text)),
    sections: categoryReportSections(page.sections),
    footer: [],
  };
}

/**
 * Renders a page of a category's sections as Markdown with the frame every page has (`#` title,
 * `##` sections, GFM tables): the category says what its sections hold, the page frame how they
 * look, whatever the category. A pure function: the same page gives the same bytes.
 *
 * @param page - title, introduction, and the sections of `category.pages.sections(input)`
 * @returns the Markdown text, ending in one newline
 * @example
 * ```ts
 * renderCategoryPageMarkdown({ title: 'toy — performance', sections: toy.pages.sections(input) });
 * ```
 */
export function renderCategoryPageMarkdown(page: CategoryPage): string {
  return renderMarkdownDocument(pageModel(page));
}

/**
 * The same page as a self-contained HTML document (no script, no external resource).
 *
 * @param page - as for {@link renderCategoryPageMarkdown}
 * @returns the HTML text
 */
export function renderCategoryPageHtml(page: CategoryPage): string {
  return renderHtmlDocument(pageModel(page));
}
