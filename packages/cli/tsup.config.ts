import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
  },
  {
    // The bin shim is ESM only (top-level await); main() is bundled into it.
    entry: ['src/bin.ts'],
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
  },
]);
