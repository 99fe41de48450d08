// Runs the examples of a README, so the docs stay true — in the checkout (each package's
// test/readme-example.test.ts) and in a folder where only the packed tarballs are installed
// (packages/cli/test/install-tarballs.test.ts).
//
// An example is a fenced ```ts block that follows the line
//   <!-- example: run by test/readme-example.test.ts -->
// A README may hold several; they run in order. Each is compiled with esbuild (types stripped) and
// run by node as an ES module from the package folder (or the given folder), so it imports the
// packages by their names, as a user would. Its TMPDIR is a folder made for the run and removed
// after it, so the files an example makes under os.tmpdir() go with the run. Each line of the form
//   … console.log(…); // expected output (an optional note in parentheses)
// states what it prints: the printed lines must equal the comments, notes left out, in order.
// A "…" in an expected line stands for any text (a path, a measured figure); a note "(×N …)" says
// the line is printed N times (in a loop).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const EXAMPLE_MARKER = '<!-- example: run by test/readme-example.test.ts -->';

/**
 * @param {string} readmePath the README file
 * @returns {{ code: string, expected: string[] }[]} every marked example, in order
 */
export function readReadmeExamples(readmePath) {
  const readme = readFileSync(readmePath, 'utf8');
  const examples = [];
  for (let at = readme.indexOf(EXAMPLE_MARKER); at >= 0; at = readme.indexOf(EXAMPLE_MARKER, at + 1)) {
    const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
    if (block === null) throw new Error(`${readmePath}: no \`\`\`ts block after the example marker.`);
    const code = block[1];
    const expected = code
      .split('\n')
      .filter((line) => /console\.log\(.*\);\s*\/\/ /.test(line))
      .flatMap((line) => {
        const comment = line.slice(line.indexOf('); // ') + 6);
        const times = /\s+\(×(\d+)\b[^()]*\)$/.exec(comment);
        const text = comment.replace(/\s+\([^()]*\)$/, '').trim();
        return Array.from({ length: times === null ? 1 : Number(times[1]) }, () => text);
      });
    examples.push({ code, expected });
  }
  if (examples.length === 0) throw new Error(`${readmePath} has no "${EXAMPLE_MARKER}" line before its example.`);
  return examples;
}

/**
 * The first example of a package README.
 * @param {string} packageDir absolute path of the package
 * @returns {{ code: string, expected: string[] }}
 */
export function readReadmeExample(packageDir) {
  return readReadmeExamples(path.join(packageDir, 'README.md'))[0];
}

/** True when `line` is what `expected` says, a "…" standing for any text. */
function matches(line, expected) {
  if (!expected.includes('…')) return line === expected;
  const pattern = expected
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(line);
}

/**
 * Compiles and runs every example of a README, in order.
 * @param {string} packageDir absolute path of the package (or the repository, for its README)
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, readme?: string }} [options] where to run (default
 *   the package folder), the environment, and another README file
 * @returns {Promise<{ printed: string[], expected: string[] }>} the printed lines, a line that matches
 *   its "…" pattern given as the expected text
 */
export async function runReadmeExample(packageDir, options = {}) {
  const examples = readReadmeExamples(options.readme ?? path.join(packageDir, 'README.md'));
  const { transform } = await import('esbuild');
  const printed = [];
  const expected = [];
  const temporary = await mkdtemp(path.join(tmpdir(), 'readme-example-'));
  try {
    for (const example of examples) {
      const { code: javascript } = await transform(example.code, { loader: 'ts', format: 'esm', target: 'node20' });
      // Asynchronous, so that a caller may run the examples of several READMEs at once.
      const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', javascript], {
        cwd: options.cwd ?? packageDir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...(options.env ?? process.env), NODE_OPTIONS: '', FORCE_COLOR: '0', NO_COLOR: '1', TMPDIR: temporary },
      });
      const lines = stdout.split('\n').filter((line) => line !== '');
      lines.forEach((line, index) => {
        const wanted = example.expected[index];
        printed.push(wanted !== undefined && matches(line, wanted) ? wanted : line);
      });
      expected.push(...example.expected);
    }
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
  return { printed, expected };
}
