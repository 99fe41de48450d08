// Shared tsup settings of every package (like jest.preset.js): ESM + CJS + .d.ts for Node 20.
// No source maps: a map points at src/, which no package ships (its `files` are dist/ and the
// docs), so a published map would lead nowhere; the bundles are readable JavaScript as they are.

/**
 * The build of a package's public entry, `src/index.ts`. A `.csv` the source imports (a category's
 * data/security-targets.csv) is inlined as its text (types/text-modules.d.ts; jest.preset.js loads
 * it the same way in tests). @type {import('tsup').Options}
 */
export const LIBRARY_BUILD = {
  entry: ['src/index.ts'],
  loader: { '.csv': 'text' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  target: 'node20',
};
