// Helpers of the fault-*.test.ts files (not a test file itself).
import { chmodSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';

/**
 * Writes `<directory>/<name>`: a shell script that runs the real driver (NGCC_PERF_DRIVER) with
 * these variables set (and NGCC_PERF_NO_SANDBOX unset), `exec`ing it so the pid and the signals are
 * the driver's. Tests pass its path as the driver: under jest, `process.env` is a copy that
 * `child_process.spawn` without an `env` option does not see, so variables set by a test do not
 * reach every driver process — the script's do.
 */
export function driverWithEnvironment(directory: string, name: string, variables: Record<string, string>): string {
  const driver = process.env.NGCC_PERF_DRIVER ?? '';
  const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
  const assignments = Object.entries(variables)
    .map(([key, value]) => `${key}=${quote(value)}`)
    .join(' ');
  const script = path.join(directory, name);
  writeFileSync(script, `#!/bin/sh\nunset NGCC_PERF_NO_SANDBOX\n${assignments} exec ${quote(driver)} "$@"\n`);
  chmodSync(script, 0o755);
  return script;
}

/** A TCP listener on 127.0.0.1 (an ephemeral port) that counts the connections it accepts. */
export interface Listener {
  port: number;
  /** Connections accepted so far, after letting pending ones arrive. */
  connections(): Promise<number>;
  close(): Promise<void>;
}

/** Starts a {@link Listener}: the target of native/testlibs/fault_connect.c (NGCC_FAULT_PORT). */
export async function listenOnLoopback(): Promise<Listener> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    async connections() {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return sockets.length;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
