// Runs the examples of a README, so the docs stay true — in the checkout (each package's
// test/readme-example.test.ts) and in a folder where only the packed tarballs are installed
// (packages/cli/test/install-tarballs.test.ts).
//
// An example is a fenced ```js block that follows the line
//   <!-- example: run as written by the repository's tests -->
// A README may hold several; they run in order. Each runs as written — JavaScript for Node 20, no
// compile step, the types are in the packages' .d.ts — by node as an ES module from the package
// folder (or the given folder), so it imports the packages by their names, as a user would. Its TMPDIR is a folder made for the run and removed
// after it, so the files an example makes under os.tmpdir() go with the run. Each line of the form
//   … console.log(…); // expected output (an optional note in parentheses)
// states what it prints: the printed lines must equal the comments, notes left out, in order;
// comment lines (`// …`) right below such a line are further lines it prints.
// A "…" in an expected line stands for any text (a path, a measured figure); a note "(×N …)" says
// the line is printed N times (in a loop).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const EXAMPLE_MARKER = "<!-- example: run as written by the repository's tests -->";

/**
 * The lines an example says it prints: each `console.log(…); // text` line's comment, notes in
 * parentheses left out (`(×N …)` repeats it), and the comment lines right below it.
 * @param {string} code the example
 * @returns {string[]}
 */
export function expectedLines(code) {
  const expected = [];
  let continuing = false; // comment lines right after a console.log line's comment go on with its output
  for (const line of code.split('\n')) {
    if (/console\.log\(.*\);\s*\/\/ /.test(line)) {
      const comment = line.slice(line.indexOf('); // ') + 6);
      const times = /\s+\(×(\d+)\b[^()]*\)$/.exec(comment);
      const text = comment.replace(/\s+\([^()]*\)$/, '').trim();
      expected.push(...Array.from({ length: times === null ? 1 : Number(times[1]) }, () => text));
      continuing = true;
    } else if (continuing && /^\s*\/\/ /.test(line)) {
      expected.push(
        line
          .replace(/^\s*\/\/ /, '')
          .replace(/\s+\([^()]*\)$/, '')
          .trim(),
      );
    } else continuing = false;
  }
  return expected;
}

/**
 * The study of a README: the first ```js block after the first heading that says "study".
 * @param {string} readmePath the README file
 * @returns {{ heading: string, code: string, expected: string[] }}
 */
export function readReadmeStudy(readmePath) {
  const readme = readFileSync(readmePath, 'utf8');
  const heading = /^#+ .*\bstudy\b.*$/im.exec(readme);
  if (heading === null) throw new Error(`${readmePath} has no heading that says "study".`);
  const block = /^```js\n([\s\S]*?)^```/m.exec(readme.slice(heading.index));
  if (block === null) throw new Error(`${readmePath}: no \`\`\`js block after "${heading[0]}".`);
  return { heading: heading[0], code: block[1], expected: expectedLines(block[1]) };
}

/**
 * @param {string} readmePath the README file
 * @returns {{ code: string, expected: string[] }[]} every marked example, in order
 */
export function readReadmeExamples(readmePath) {
  const readme = readFileSync(readmePath, 'utf8');
  const examples = [];
  for (let at = readme.indexOf(EXAMPLE_MARKER); at >= 0; at = readme.indexOf(EXAMPLE_MARKER, at + 1)) {
    const block = /^```(\w*)\n([\s\S]*?)^```/m.exec(readme.slice(at));
    if (block === null || block[1] !== 'js')
      throw new Error(`${readmePath}: no \`\`\`js block right after the example marker (examples are JavaScript).`);
    const code = block[2];
    const expected = expectedLines(code);
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
export function matches(line, expected) {
  if (!expected.includes('…')) return line === expected;
  const pattern = expected
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(line);
}

/**
 * Runs every example of a README as written, in order.
 * @param {string} packageDir absolute path of the package (or the repository, for its README)
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, readme?: string }} [options] where to run (a fresh
 *   folder below it, default below the package folder), the environment, and another README file
 * @returns {Promise<{ printed: string[], expected: string[] }>} the printed lines, a line that matches
 *   its "…" pattern given as the expected text
 */
export async function runReadmeExample(packageDir, options = {}) {
  const examples = readReadmeExamples(options.readme ?? path.join(packageDir, 'README.md'));
  const printed = [];
  const expected = [];
  const temporary = await mkdtemp(path.join(tmpdir(), 'readme-example-'));
  // A fresh folder below the given one, so that the files an example writes go with the run and
  // the packages still resolve from node_modules up the tree, as for a script saved there.
  const work = await mkdtemp(path.join(options.cwd ?? packageDir, '.readme-example-'));
  try {
    for (const example of examples) {
      // Asynchronous, so that a caller may run the examples of several READMEs at once.
      const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', example.code], {
        cwd: work,
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
    await rm(work, { recursive: true, force: true });
  }
  return { printed, expected };
}
