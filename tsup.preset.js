// Shared tsup settings of every package (like jest.preset.js): ESM + CJS + .d.ts for Node 20.

/**
 * Source maps point into `src/` without copying it (`sourcesContent: false`): in a checkout they
 * lead to the TypeScript; in a published package they cost a few kilobytes instead of repeating
 * every source file (the sources are in the repository).
 * @type {import('tsup').Options['esbuildOptions']}
 */
export function mapsWithoutSources(options) {
  options.sourcesContent = false;
}

/** The build of a package's public entry, `src/index.ts`. @type {import('tsup').Options} */
export const LIBRARY_BUILD = {
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  esbuildOptions: mapsWithoutSources,
  target: 'node20',
};
