// Runs the example of a package README, so the scripting docs stay true.
//
// The example is the fenced ```ts block that follows the line
//   <!-- example: run by test/readme-example.test.ts -->
// It is compiled with esbuild (types stripped) and run by node as an ES module from the package
// folder, so it imports the package by its name, as a user would. Each line of the form
//   … console.log(…); // expected output (an optional note in parentheses)
// states what it prints: the printed lines must equal the comments, notes left out, in order.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const EXAMPLE_MARKER = '<!-- example: run by test/readme-example.test.ts -->';

/**
 * @param {string} packageDir absolute path of the package
 * @returns {{ code: string, expected: string[] }}
 */
export function readReadmeExample(packageDir) {
  const readme = readFileSync(path.join(packageDir, 'README.md'), 'utf8');
  const at = readme.indexOf(EXAMPLE_MARKER);
  if (at < 0) throw new Error(`${packageDir}/README.md has no "${EXAMPLE_MARKER}" line before its example.`);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (block === null) throw new Error(`${packageDir}/README.md: no \`\`\`ts block after the example marker.`);
  const code = block[1];
  const expected = code
    .split('\n')
    .filter((line) => /console\.log\(.*\);\s*\/\/ /.test(line))
    .map((line) =>
      line
        .slice(line.indexOf('); // ') + 6)
        .replace(/\s+\([^()]*\)$/, '')
        .trim(),
    );
  return { code, expected };
}

/**
 * Compiles and runs the README example of a package.
 * @param {string} packageDir absolute path of the package
 * @returns {Promise<{ printed: string[], expected: string[] }>}
 */
export async function runReadmeExample(packageDir) {
  const { code, expected } = readReadmeExample(packageDir);
  const { transform } = await import('esbuild');
  const { code: javascript } = await transform(code, { loader: 'ts', format: 'esm', target: 'node20' });
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', javascript], {
    cwd: packageDir,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  const printed = stdout.split('\n').filter((line) => line !== '');
  return { printed, expected };
}
