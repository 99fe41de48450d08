/** What went wrong with a category or the registry. */
export type CategoryErrorCode = 'UNKNOWN_CATEGORY' | 'DUPLICATE_CATEGORY' | 'INVALID_CATEGORY' | 'CATEGORY_MODULE';

/**
 * The error of `@ngcc-perf/category`: an unknown category id, a second category of the same id,
 * a category object that misses what the seam needs, or a category module (`--category PATH`) that does
 * not load or exports none. The message names the category (or the module's path) and the fix.
 */
export class CategoryError extends Error {
  readonly code: CategoryErrorCode;

  constructor(code: CategoryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CategoryError';
    this.code = code;
  }
}

/** True when `error` is a {@link CategoryError} (by class, never by its name). */
export function isCategoryError(error: unknown): error is CategoryError {
  return error instanceof CategoryError;
}
