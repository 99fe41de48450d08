#!/usr/bin/env node
// The `ngcc-perf` command. This file is committed so that it exists when npm links the command
// (at install time, before anything is built); the program is the built dist/bin.js.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const program = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(fileURLToPath(program))) {
  process.stderr.write(
    `ngcc-perf: the command is not built yet (${fileURLToPath(program)} is missing): run "npm run build" at the repository root.\n`,
  );
  process.exit(2);
}
await import(program.href);
