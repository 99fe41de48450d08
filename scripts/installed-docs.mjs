// Checks that the docs a user installs lead somewhere: every relative link of an installed .md
// and every file path named in an installed .md or .d.ts resolves to a file of the installed
// @ngcc-perf packages, and no doc cites the repository's SPEC (the NGCC self-assessment guide is
// named instead). Used by packages/cli/test/install-tarballs.test.ts on the tarballs installed
// outside the repository.
//
// A path is resolved against the file's folder, then its package's folder; `@ngcc-perf/<pkg>/…`
// against that package. A path is a reference when its first folder is one of the project's
// (PROJECT_FOLDERS: `native/`, `docs/`, `test/`, `src/`, …) or a folder beside the file or in its
// package; others name a user's files (a candidate folder `hash-15/kat.sha256`, a run directory's
// `records/…`, a site folder). Paths with placeholders (`<id>`, `…`, `*`, `${…}`), absolute paths,
// URLs and the text of links to URLs are not references.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The folders of the project's checkout and packages: a path that starts with one of them points into the project. */
export const PROJECT_FOLDERS = [
  '@ngcc-perf',
  'native',
  'packages',
  'docs',
  'test',
  'src',
  'bench',
  'scripts',
  'examples',
  'dist',
  'data',
  'driver',
  'cmake',
  'build',
  'testlibs',
  'seeds',
];

const FILE_PATH =
  /(?<![\w./@~$-])((?:@ngcc-perf\/)?(?:[\w.-]+\/)+[\w.-]+\.(?:md|ts|mts|cts|mjs|cjs|js|json|so|c|h|sh|txt|sha256|csv|html))(?![\w/])/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function* filesUnder(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* filesUnder(full);
    } else if (entry.name.endsWith('.md') || entry.name.endsWith('.d.ts') || entry.name.endsWith('.d.cts')) yield full;
  }
}

/** True when `target` (no anchor) is a file or folder of the installed set. */
function resolves(target, fileFolder, packageFolder, scopeFolder) {
  const candidates = target.startsWith('@ngcc-perf/')
    ? [path.join(scopeFolder, target.slice('@ngcc-perf/'.length))]
    : [path.resolve(fileFolder, target), path.resolve(packageFolder, target)];
  return candidates.some((candidate) => candidate.startsWith(scopeFolder + path.sep) && existsSync(candidate));
}

/**
 * Every reference of the installed docs that leads nowhere.
 * @param {string} scopeFolder the installed `node_modules/@ngcc-perf` folder
 * @returns {{ file: string, line: number, reference: string }[]} file relative to scopeFolder
 */
export function findUnresolvedReferences(scopeFolder) {
  const problems = [];
  for (const name of readdirSync(scopeFolder).sort()) {
    const packageFolder = path.join(scopeFolder, name);
    if (!statSync(packageFolder).isDirectory()) continue;
    for (const file of filesUnder(packageFolder)) {
      const text = readFileSync(file, 'utf8');
      const relative = path.relative(scopeFolder, file);
      text.split('\n').forEach((content, index) => {
        const report = (reference) => problems.push({ file: relative, line: index + 1, reference });
        if (/\bSPEC\s*§/.test(content)) report(content.match(/SPEC\s*§[\d.]*/)[0]);
        const references = new Set();
        const links = new Set(); // relative links of a .md: always references
        if (file.endsWith('.md')) {
          for (const [, link] of content.matchAll(MARKDOWN_LINK)) {
            if (/^(https?:|mailto:|#)/.test(link)) continue;
            links.add(decodeURI(link.split('#')[0]));
          }
        }
        const withoutUrls = content.replace(/\[[^\]]*\]\(https?:[^)]*\)/g, ' ').replace(/https?:\/\/\S+/g, ' ');
        for (const [, reference] of withoutUrls.matchAll(FILE_PATH)) references.add(reference);
        for (const reference of [...links, ...references]) {
          if (reference === '' || /[<>…*{}$]/.test(reference) || reference.startsWith('/')) continue;
          const first = reference.split('/')[0];
          const projectPath =
            PROJECT_FOLDERS.includes(first) ||
            [path.dirname(file), packageFolder].some((folder) => existsSync(path.join(folder, first)));
          if (!projectPath && !links.has(reference)) continue;
          if (!resolves(reference, path.dirname(file), packageFolder, scopeFolder)) report(reference);
        }
      });
    }
  }
  return problems;
}

// node scripts/installed-docs.mjs DIR: print what leads nowhere (DIR = an installed node_modules/@ngcc-perf)
if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = findUnresolvedReferences(path.resolve(process.argv[2]));
  for (const { file, line, reference } of problems) console.log(`${file}:${line}: ${reference}`);
  console.error(`${problems.length} reference(s) lead nowhere`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
