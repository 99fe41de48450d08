import os from 'node:os';
import path from 'node:path';

/** Environment variables read by {@link driverCacheDirectory}. */
export type CacheEnvironment = Partial<Record<'NGCC_PERF_CACHE_DIR' | 'XDG_CACHE_HOME' | 'HOME', string>>;

/**
 * The folder where the driver of this package version is built on first use:
 * `<root>/<version>/<platform>-<arch>`, where `<root>` is `$NGCC_PERF_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/ngcc-perf`, else `~/.cache/ngcc-perf`. The architecture is part of the path
 * so that one home folder shared by x86-64 and AArch64 nodes keeps one driver for each.
 *
 * @param version - the package version, e.g. `0.1.0`.
 * @param env - environment to read (default `process.env`).
 * @example
 * driverCacheDirectory('0.1.0', { HOME: '/home/ada' }); // '/home/ada/.cache/ngcc-perf/0.1.0/linux-x64'
 */
export function driverCacheDirectory(version: string, env: CacheEnvironment = process.env): string {
  const root =
    nonEmpty(env.NGCC_PERF_CACHE_DIR) ??
    (nonEmpty(env.XDG_CACHE_HOME) === null ? null : path.join(env.XDG_CACHE_HOME as string, 'ngcc-perf')) ??
    path.join(nonEmpty(env.HOME) ?? os.homedir(), '.cache', 'ngcc-perf');
  return path.resolve(root, version, `${process.platform}-${process.arch}`);
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
