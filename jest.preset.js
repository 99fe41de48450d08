// Shared jest configuration for every TypeScript package (ts-jest, ESM).
// Packages run jest as `node --experimental-vm-modules` (see each package.json).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { measureHostPace } from '@ngcc-perf/native';

const root = path.dirname(fileURLToPath(import.meta.url));

/** @param {string} packageDir absolute path of the package */
export function createJestConfig(packageDir) {
  return {
    rootDir: packageDir,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    transform: {
      '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: path.join(packageDir, 'tsconfig.json') }],
      // a data file the source imports as text, as tsup.preset.js inlines it in the build
      '^.+\\.csv$': path.join(root, 'scripts', 'jest-text-transform.cjs'),
    },
    setupFiles: [path.join(root, 'jest.setup-env.js')],
    reporters: ['default', path.join(root, 'scripts', 'jest-summary-reporter.cjs')],
    // 60 s of a quiet host's time: on a busy host a test's ceiling grows with the load measured as
    // the run starts (measureHostPace, wall over CPU time), so that slowness is not a failure.
    testTimeout: Math.round(60000 * measureHostPace()),
  };
}
