// Prints one closing line for the monorepo's tests from each package's .test-results/summary.json.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
if (process.argv.includes('--clean')) {
  // Before a run: forget earlier results so a package whose tests did not run shows as missing.
  for (const workspace of manifest.workspaces)
    rmSync(path.join(root, workspace, '.test-results'), { recursive: true, force: true });
  process.exit(0);
}
const total = { passed: 0, failed: 0, skipped: 0 };
const missing = [];
for (const workspace of manifest.workspaces) {
  const file = path.join(root, workspace, '.test-results', 'summary.json');
  if (!existsSync(file)) {
    missing.push(workspace);
    continue;
  }
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  total.passed += summary.passed;
  total.failed += summary.failed;
  total.skipped += summary.skipped;
}
if (missing.length > 0) console.log(`no test results from: ${missing.join(', ')}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || missing.length > 0 ? 1 : 0;
