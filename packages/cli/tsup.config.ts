import { defineConfig } from 'tsup';
import { LIBRARY_BUILD } from '../../tsup.preset.js';

export default defineConfig([
  LIBRARY_BUILD,
  {
    // The bin shim is ESM only (top-level await); main() is bundled into it.
    entry: ['src/bin.ts'],
    format: ['esm'],
    sourcemap: false,
    target: 'node20',
  },
]);
