import { defineConfig } from 'tsup';
import { LIBRARY_BUILD } from '../../tsup.preset.js';

export default defineConfig(LIBRARY_BUILD);
