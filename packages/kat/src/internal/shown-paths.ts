// How paths appear in what runKat hands back for the record: the KAT log and the one-line detail.
// The driver names the library as it was given (an absolute path inside a run directory, or in a
// temporary build folder), and its error text ends up in build.json and the reports, which must
// hold no absolute home or temp path (the run-directory layout).
import path from 'node:path';

/** Turns paths, and texts that mention them, into the form the log shows. */
export interface PathShower {
  /** An absolute path relative to the chosen folder; anything else unchanged. */
  path(file: string): string;
  /** A text with the absolute library path replaced by its shown name and the folder's prefix dropped. */
  text(message: string): string;
}

function replaceAll(text: string, from: string, to: string): string {
  return from.length === 0 ? text : text.split(from).join(to);
}

/**
 * The shower for one runKat call.
 * @param relativeTo - `logPathsRelativeTo` (the run directory), or undefined to keep paths as given
 * @param library - the library path as given to the driver
 * @param libraryShownAs - the log header's `library` (how the caller names the library), if any
 */
export function createPathShower(
  relativeTo: string | undefined,
  library: string,
  libraryShownAs: string | undefined,
): PathShower {
  const shownPath = (file: string): string =>
    relativeTo !== undefined && path.isAbsolute(file) ? path.relative(relativeTo, file) : file;
  const libraryName = libraryShownAs ?? shownPath(library);
  const prefix = relativeTo === undefined ? '' : `${path.resolve(relativeTo)}${path.sep}`;
  return {
    path: shownPath,
    text(message) {
      let text = message;
      if (path.isAbsolute(library) && libraryName !== library) text = replaceAll(text, library, libraryName);
      return prefix === '' ? text : replaceAll(text, prefix, '');
    },
  };
}
