import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the installed `@ngcc-perf/native` package (the folder holding its
 * package.json, `driver/`, `examples/` and `cmake/`). Works from the ESM and the CJS build,
 * which both live in `dist/`.
 */
export function nativePackageRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
}

let version: string | null = null;

/** The package version (`0.1.0`), read once from its package.json; it names the driver cache folder. */
export function nativePackageVersion(): string {
  if (version === null) {
    const manifest = JSON.parse(readFileSync(path.join(nativePackageRoot(), 'package.json'), 'utf8')) as {
      version: string;
    };
    version = manifest.version;
  }
  return version;
}

/**
 * Absolute path of the bundled example candidates (`examples/`: one folder per candidate with its
 * `candidate.json`, C sources and `kat.sha256`), wherever the package is installed.
 * @example
 * const sm3 = path.join(bundledExamplesDirectory(), 'sm3', 'candidate.json');
 */
export function bundledExamplesDirectory(): string {
  return path.join(nativePackageRoot(), 'examples');
}

/**
 * Absolute path of the CMake project that builds one candidate instance into one shared library
 * (`cmake/instance/CMakeLists.txt`; its `-D` variables are described at its top).
 */
export function instanceCmakeProjectDirectory(): string {
  return path.join(nativePackageRoot(), 'cmake', 'instance');
}

/**
 * Absolute path of the folder holding `ngcc_category.h`, the driver's category ABI (@ngcc-perf/native/PROTOCOL.md
 * "Categories"): the include folder of a category's adapter library, built like an instance
 * (`buildInstance` with `includeDirPaths: [categoryAbiIncludeDirectory()]`).
 * @example
 * const adapter = await buildInstance({ instance: { name: 'fof_adapter', sourcePaths: ['adapter.c'], includeDirPaths: [categoryAbiIncludeDirectory()] }, profile: 'reference', libraryDirectory: 'lib' });
 */
export function categoryAbiIncludeDirectory(): string {
  return path.join(nativePackageRoot(), 'driver');
}

/**
 * Absolute path of ngcc-perf's own declarations of the ICCS public-key support headers (`drng.h`:
 * `DRNG_ctx`, `init_random_number`, `get_random_number`; `auxfunc.h`: `sm3hash`, `pseudohash`,
 * `pseudoXOF`), for packages that include them without shipping them: the include folder intake
 * adds after the package's own (a package's copy wins). The definitions come from the driver.
 * @example
 * existsSync(path.join(iccsHeadersDirectory(), 'drng.h')); // true
 */
export function iccsHeadersDirectory(): string {
  return path.join(nativePackageRoot(), 'cmake', 'iccs-include');
}
