// Shared by the tests that run the arm64 driver under qemu-user (docs/ARM64.md): finds the cross
// tools, cross-compiles native/ with scripts/build-native-aarch64.sh and wraps the result in a
// script that qemu-aarch64-static runs, so it can stand wherever a driver path is expected.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where Debian's libc6-dev-arm64-cross keeps the arm64 loader and libraries (qemu's -L). */
export const AARCH64_SYSROOT = '/usr/aarch64-linux-gnu';

/** The cross tools this host lacks (empty when arm64 can be built and run here). */
export function missingCrossTools(): string[] {
  const onPath = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  return [
    ...(onPath('aarch64-linux-gnu-gcc') ? [] : ['gcc-aarch64-linux-gnu']),
    ...(onPath('qemu-aarch64-static') ? [] : ['qemu-user-static']),
  ];
}

/** Cross-compiles native/ into `outDir` (only `targets` when given); takes a minute or two. */
export function buildAarch64(outDir: string, targets: string[] = []): void {
  execFileSync('bash', [path.join(repositoryRoot, 'scripts', 'build-native-aarch64.sh'), outDir, ...targets], {
    stdio: 'pipe',
  });
}

/** Writes `dir/driver-aarch64`, a script running the arm64 driver of `buildDir` under qemu-user. */
export function emulatedDriver(buildDir: string, dir: string): string {
  const script = path.join(dir, 'driver-aarch64');
  const driver = path.join(buildDir, 'ngcc-perf-driver');
  writeFileSync(script, `#!/bin/sh\nexec qemu-aarch64-static -L ${AARCH64_SYSROOT} '${driver}' "$@"\n`);
  chmodSync(script, 0o755);
  return script;
}
