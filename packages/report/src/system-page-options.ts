import type { CategoryDataset } from './category-datasets.js';

/** Options of the system index and summary pages. */
export interface SystemPageOptions {
  /**
   * The instances of categories other than hash ({@link CategoryDataset}, from `splitByCategory`):
   * one section each, after the hash instances, in this order. Default none: the page is the
   * hash page it has always been.
   */
  otherCategories?: readonly CategoryDataset[];
}
