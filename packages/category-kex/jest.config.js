import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createJestConfig } from '../../jest.preset.js';

export default createJestConfig(path.dirname(fileURLToPath(import.meta.url)));
