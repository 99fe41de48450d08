import path from 'node:path';

/**
 * Makes a driver command portable evidence (the run-directory layout): an argument inside the run directory
 * becomes relative to it; any other absolute path (the driver, a temp file) keeps its last
 * component.
 * @example
 * portableArguments(['/repo/native/build/ngcc-perf-driver', 'time', '/runs/x/lib/a/liba.so'], '/runs/x');
 * // ['ngcc-perf-driver', 'time', 'lib/a/liba.so']
 */
export function portableArguments(command: readonly string[], runDirectory: string): string[] {
  return command.map((arg) => {
    if (!path.isAbsolute(arg)) return arg;
    if (arg.startsWith(runDirectory + path.sep)) return path.relative(runDirectory, arg).split(path.sep).join('/');
    return path.basename(arg);
  });
}

/**
 * Makes a message portable evidence (the run-directory layout): every path inside the run directory that it
 * mentions — the driver names a library by the path it was given, so its errors hold the run
 * directory's absolute path — becomes relative to the run directory.
 * @example
 * portableText('the call in /runs/x/lib/a/liba.so returned -1', '/runs/x');
 * // 'the call in lib/a/liba.so returned -1'
 */
export function portableText(text: string, runDirectory: string): string {
  const prefix = `${path.resolve(runDirectory)}${path.sep}`;
  return text.split(prefix).join('');
}

/**
 * Rewrites a measurement for a run directory: every `command` array with
 * {@link portableArguments}, every other string (failure texts, driver messages, stderr) with
 * {@link portableText}.
 * @example
 * withPortablePaths(measured, '/runs/x').processes[0].command[0]; // 'ngcc-perf-driver'
 */
export function withPortablePaths<T>(value: T, runDirectory: string): T {
  if (typeof value === 'string') return portableText(value, runDirectory) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withPortablePaths(item, runDirectory)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const isCommand = key === 'command' && Array.isArray(item) && item.every((a) => typeof a === 'string');
    copy[key] = isCommand ? portableArguments(item as string[], runDirectory) : withPortablePaths(item, runDirectory);
  }
  return copy as T;
}
