import { defineConfig } from 'tsup';
import { LIBRARY_BUILD } from '../tsup.preset.js';

// import.meta.url in the CJS build too (package-paths.ts finds the package from it).
export default defineConfig({ ...LIBRARY_BUILD, shims: true });
