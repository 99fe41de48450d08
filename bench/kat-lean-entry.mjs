// What `ngcc-perf kat LIB --digest-bits 256 --name sm3 --manifest FILE --json` does, through an
// entry point that loads only @ngcc-perf/kat (and commander, as the CLI does). Used by
// bench/kat-command.mjs to separate the KAT work from the CLI's eager loading of every other
// command's packages. Not a user tool.
//
//   node bench/kat-lean-entry.mjs LIB MANIFEST
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromCli = createRequire(path.join(root, 'packages', 'cli', 'package.json'));
await import(requireFromCli.resolve('commander'));
const { parseManifest, runKat, VERDICT_EXIT_CODES } = await import('@ngcc-perf/kat');

const [library, manifestPath] = process.argv.slice(2);
const result = await runKat({
  library,
  digestBits: 256,
  name: 'sm3',
  candidateId: 'sm3',
  label: 'sm3',
  manifest: parseManifest(await readFile(manifestPath, 'utf8'), manifestPath),
  driverPath: path.join(root, 'native', 'build', 'ngcc-perf-driver'),
});
process.stdout.write(
  `${JSON.stringify({ verdict: result.verdict, detail: result.detail, files: result.files, logSha256: result.logSha256 }, null, 2)}\n`,
);
process.exitCode = VERDICT_EXIT_CODES[result.verdict];
