let writes = 0;

/**
 * The name of the temporary sibling of `target` that {@link writeFileAtomic} and
 * {@link copyFileAtomic} write before renaming it over `target`: `<target>.<pid>.<n>.tmp`, unique
 * per process and per write, so two writes of one file never share a temporary.
 * @param target - path of the file being written
 * @returns the temporary's path, in the same folder (a rename within one file system is atomic)
 * @example
 * temporaryPathOf('/runs/x/build.json'); // '/runs/x/build.json.4242.1.tmp'
 */
export function temporaryPathOf(target: string): string {
  writes += 1;
  return `${target}.${process.pid}.${writes}.tmp`;
}

/**
 * Matches the file name of a temporary that a killed process left behind (`<name>.<pid>.<n>.tmp`,
 * and the `<name>.<pid>.tmp` of earlier versions): what a resuming run may delete.
 * @example
 * TEMPORARY_FILE_PATTERN.test('build.json.4242.1.tmp'); // true
 */
export const TEMPORARY_FILE_PATTERN = /\.\d+(?:\.\d+)?\.tmp$/;
