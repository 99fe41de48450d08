import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Who may import whom: docs/ARCHITECTURE.md "Packages and who may import whom", folder name →
 * the ngcc-perf packages it may import. No arrow runs back up: report imports no measuring
 * package, the measuring packages import neither report nor campaign nor cli.
 */
const MAY_IMPORT = {
  native: ['atomic-file'],
  'atomic-file': [],
  stats: [],
  record: [],
  category: ['record'],
  'category-hash': ['category', 'record'],
  'category-kem': ['category', 'record'],
  'category-sig': ['category', 'record'],
  'category-kex': ['category', 'record'],
  categories: ['category', 'category-hash', 'category-kem', 'category-sig', 'category-kex', 'record'],
  'elf-size': [],
  kat: ['native', 'atomic-file', 'category', 'record'],
  rss: ['native'],
  timing: ['native', 'rss', 'stats', 'record', 'category-hash'],
  ct: ['native'],
  report: ['stats', 'record', 'atomic-file', 'category', 'categories'],
  intake: ['native', 'category', 'categories'],
  'anchor-import': ['atomic-file', 'stats', 'record', 'report'],
  campaign: [
    'native',
    'atomic-file',
    'kat',
    'timing',
    'elf-size',
    'rss',
    'ct',
    'report',
    'stats',
    'record',
    'intake',
    'category',
    'categories',
  ],
  cli: [
    'native',
    'atomic-file',
    'kat',
    'timing',
    'elf-size',
    'rss',
    'ct',
    'report',
    'stats',
    'record',
    'intake',
    'anchor-import',
    'campaign',
    'category',
    'categories',
  ],
};

const DEEP_IMPORTS = {
  group: ['../../*/src/*', '../../../packages/*'],
  message: 'Import another package by its name.',
};

/** The `no-restricted-imports` setting of one package: every ngcc-perf package it may not import, or has not declared. */
function boundaryRule(folder) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'packages', folder, 'package.json'), 'utf8'));
  const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }));
  const allowed = (MAY_IMPORT[folder] ?? []).map((name) => `@ngcc-perf/${name}`);
  const upward = [...declared].filter((name) => name.startsWith('@ngcc-perf/') && !allowed.includes(name));
  if (upward.length > 0) {
    throw new Error(
      `packages/${folder}/package.json depends on ${upward.join(', ')}, which docs/ARCHITECTURE.md does not allow it to import.`,
    );
  }
  const paths = Object.keys(MAY_IMPORT)
    .map((name) => `@ngcc-perf/${name}`)
    .filter((name) => name !== manifest.name && !(allowed.includes(name) && declared.has(name)))
    .map((name) => ({
      name,
      message: allowed.includes(name)
        ? `${manifest.name} does not declare ${name}: add it to packages/${folder}/package.json dependencies.`
        : `${manifest.name} may not import ${name} (docs/ARCHITECTURE.md "Packages and who may import whom": no arrow runs back up).`,
    }));
  const deep = { group: ['@ngcc-perf/*/*'], message: 'Import a package by its name only, never a file inside it.' };
  return ['error', { paths, patterns: [DEEP_IMPORTS, deep] }];
}

const packageFolders = readdirSync(path.join(root, 'packages')).filter((folder) => {
  try {
    readFileSync(path.join(root, 'packages', folder, 'package.json'));
    return true;
  } catch {
    return false;
  }
});
for (const folder of packageFolders) {
  if (!(folder in MAY_IMPORT))
    throw new Error(
      `packages/${folder} is not in eslint.config.js MAY_IMPORT; add it as docs/ARCHITECTURE.md places it.`,
    );
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/build/**', '**/node_modules/**', 'runs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (STYLE.md).' },
        { selector: 'ExportAllDeclaration', message: 'List exports by name (STYLE.md).' },
      ],
      'no-restricted-imports': ['error', { patterns: [DEEP_IMPORTS] }],
    },
  },
  ...packageFolders.map((folder) => ({
    files: [`packages/${folder}/**/*.ts`],
    rules: { 'no-restricted-imports': boundaryRule(folder) },
  })),
);
