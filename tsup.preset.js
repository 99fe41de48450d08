// Shared tsup settings of every package (like jest.preset.js): ESM + CJS + .d.ts for Node 20.

/** The build of a package's public entry, `src/index.ts`. @type {import('tsup').Options} */
export const LIBRARY_BUILD = {
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
};
