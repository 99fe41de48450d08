import { codeSpan, paragraph, type Block, type Inline } from './report-model.js';

/**
 * The footer of a page rendered from a run directory: which of its files it reads, besides the
 * records (e.g. `campaign.json`, `build.json`), and that rendering them again gives the same page.
 */
export function renderedFromFooter(files: readonly string[]): Block[] {
  const named: Inline[] = files.flatMap((file, index) => (index === 0 ? [codeSpan(file)] : [', ', codeSpan(file)]));
  return [
    paragraph(
      'Rendered from ',
      ...named,
      ' and the records of the run directory; rendering them again gives the same page.',
    ),
  ];
}
