// Shared by sandbox-*.test.ts and fault-*.test.ts: runs native/build/ngcc-perf-driver in a chosen
// sandbox mode (NGCC_PERF_SANDBOX, PROTOCOL.md "Sandbox") and watches for escapes.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { pacedMilliseconds } from '../src/host-pace.js';

/** `milliseconds` of a quiet host's time on this host now (pacedMilliseconds of ../src/host-pace.ts). */
export const paced = pacedMilliseconds;

export const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
export const buildDir = process.env.NGCC_PERF_NATIVE_BUILD ?? '';

/** Path of a test library: `lib('xor_ok')` → …/build/testlibs/libxor_ok.so. */
export const lib = (name: string): string => path.join(buildDir, 'testlibs', `lib${name}.so`);

export type SandboxMode = 'bwrap' | 'unshare';
export type Line = { v: number; type: string } & Record<string, unknown>;

export interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  lines: Line[];
  stderr: string;
  /** True when runDriver's own `timeoutMs` killed the process (not a limit of the driver's). */
  timedOut?: boolean;
}

/** The environment of a driver process in `mode` (or with the sandbox off), plus `extra`. */
export function sandboxEnv(mode: SandboxMode | 'off', extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NGCC_PERF_NO_SANDBOX;
  env.NGCC_PERF_SANDBOX = mode;
  return { ...env, ...extra };
}

export function parseLines(stdout: string): Line[] {
  return stdout
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as Line);
}

/** The `sandbox` object of `ngcc-perf-driver info` run with `env`. */
export function sandboxInfo(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const result = spawnSync(driverPath, ['info'], { env, timeout: 30000 });
  const info = parseLines(result.stdout.toString('utf8')).find((line) => line.type === 'info');
  return (info?.sandbox ?? {}) as Record<string, unknown>;
}

/** The sandbox modes this host can enter: unshare always should; bwrap when bubblewrap is installed. */
export function availableModes(): SandboxMode[] {
  return (['bwrap', 'unshare'] as const).filter((mode) => sandboxInfo(sandboxEnv(mode)).mode === mode);
}

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  input?: Buffer;
  cwd?: string;
  /** SIGKILL after this many ms (default 30 s of a quiet host's time, {@link paced}). */
  timeoutMs?: number;
  /** Called with the child once it started (e.g. to send it a signal later). */
  onSpawn?: (child: ReturnType<typeof spawn>) => void;
}

/** Runs the driver asynchronously (so a listener in this process keeps accepting). */
export function runDriver(args: string[], options: RunOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(driverPath, args, { env: options.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? Buffer.alloc(0));
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill('SIGKILL');
      },
      options.timeoutMs ?? paced(30000),
    );
    child.once('error', reject);
    child.once('close', (status, signal) => {
      clearTimeout(timer);
      resolve({
        status,
        signal,
        lines: parseLines(Buffer.concat(out).toString('utf8')),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    });
    options.onSpawn?.(child);
  });
}

/** A TCP listener on 127.0.0.1 (an ephemeral port) that counts the connections it accepts. */
export interface Listener {
  port: number;
  /** Connections accepted so far, after letting pending ones arrive. */
  connections(): Promise<number>;
  close(): Promise<void>;
}

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

/** One hash-mode frame: 8-byte little-endian bit length, then ceil(bits/8) bytes. */
export function frame(messageBits: number, message: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.writeBigUInt64LE(BigInt(messageBits));
  return Buffer.concat([header, Buffer.from(message.subarray(0, Math.ceil(messageBits / 8)))]);
}

/** The toy hash of native/testlibs/toy_hash.h, upper-case hex (README: L = 16, m = 01 02 → 1605040B0A09080F…). */
export function toyHash(bytes: Uint8Array, bits: number, digestBits: number): string {
  const n = Math.ceil(bits / 8);
  let x = 0;
  let s = 0;
  for (let i = 0; i < n; i += 1) {
    let byte = bytes[i] as number;
    if (i === n - 1 && bits % 8 !== 0) byte &= (0xff << (8 - (bits % 8))) & 0xff;
    x ^= byte;
    s = (s + ((i + 1) & 0xff) * byte) & 0xff;
  }
  const digest = Buffer.alloc(digestBits / 8);
  for (let j = 0; j < digest.length; j += 1)
    digest[j] = x ^ ((s + j) & 0xff) ^ (Math.floor(bits / 2 ** (8 * (j % 8))) % 256);
  return digest.toString('hex').toUpperCase();
}

/** Pids of live processes whose command line contains `needle` (to prove nothing outlived a kill). */
export function processesMentioning(needle: string): number[] {
  const result = spawnSync(
    'sh',
    ['-c', 'for d in /proc/[0-9]*; do tr "\\0" " " < $d/cmdline 2>/dev/null; echo " @${d#/proc/}"; done'],
    { timeout: 10000 },
  );
  return result.stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => line.includes(needle) && !line.includes('for d in'))
    .map((line) => Number(line.slice(line.lastIndexOf('@') + 1)));
}
