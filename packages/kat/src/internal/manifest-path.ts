// The `[<label>/]<file>` part of a manifest line names a file inside the candidate folder
// (the ICCS KAT rules): it may not be absolute, climb out with "..", or use other separators.

/** Returns why `<label>/<file>` is not a safe path inside the candidate folder, or null when it is. */
export function manifestPathProblem(label: string | undefined, file: string): string | null {
  if (file.length === 0 || (label !== undefined && label.length === 0)) return 'its label and file must not be empty';
  const path = label === undefined ? file : `${label}/${file}`;
  if (path.includes('\\')) return 'it contains "\\" (use "/" between the label and the file)';
  const segments = path.split('/');
  if (segments.some((segment) => segment.length === 0)) return 'it is absolute or has an empty segment ("//")';
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return 'it has a "." or ".." segment and would leave the candidate folder';
  if (/^[A-Za-z]:/.test(path)) return 'it starts with a drive letter';
  return null;
}
