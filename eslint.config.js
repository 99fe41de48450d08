import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../*/src/*', '../../../packages/*'], message: 'Import another package by its name.' }] },
      ],
    },
  },
);
