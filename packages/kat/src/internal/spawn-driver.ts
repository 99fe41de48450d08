// The only module of @ngcc-perf/kat that starts a process: `ngcc-perf-driver hash LIB DIGEST_BITS`
// (native/PROTOCOL.md). Messages go to stdin as binary frames; stdout lines are validated in
// driver-lines.ts and mapped to an outcome in interpret-hash-run.ts.
import { accessSync, constants } from 'node:fs';
import type { Writable } from 'node:stream';
import { execa } from 'execa';
import type { DriverHashOptions, DriverMessage, DriverRunner } from '../driver-runner.js';
import { KatError } from '../kat-error.js';
import { interpretHashRun } from './interpret-hash-run.js';

const BATCH_BYTES = 1 << 16;
const FIX = 'Build it with `npm run build` at the repository root (it appears at native/build/ngcc-perf-driver) and pass driverPath or set NGCC_PERF_DRIVER.';

/**
 * The driver path: the option, else `NGCC_PERF_DRIVER`; it must be an executable file.
 * @throws {KatError} `DRIVER_NOT_FOUND`
 */
export function resolveDriverPath(driverPath: string | undefined): string {
  const chosen = driverPath ?? process.env.NGCC_PERF_DRIVER;
  if (chosen === undefined || chosen.length === 0) {
    throw new KatError('DRIVER_NOT_FOUND', `No ngcc-perf-driver: the driverPath option is not given and NGCC_PERF_DRIVER is not set. ${FIX}`);
  }
  try {
    accessSync(chosen, constants.X_OK);
  } catch (error) {
    throw new KatError('DRIVER_NOT_FOUND', `ngcc-perf-driver ${chosen} is missing or not executable. ${FIX}`, { cause: error });
  }
  return chosen;
}

function frameHeader(bits: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32LE(bits % 2 ** 32, 0);
  header.writeUInt32LE(Math.floor(bits / 2 ** 32), 4);
  return header;
}

/**
 * Writes every message as a frame (8-byte little-endian bit length, then the bytes). Small
 * frames are batched; a large message is written from its own buffer and awaited before the
 * next message is requested (the generator may reuse that buffer). Stops quietly when the
 * driver stops reading (it exited). Returns the bit lengths sent.
 */
async function writeFrames(stdin: Writable, messages: Iterable<DriverMessage>): Promise<number[]> {
  const sentBits: number[] = [];
  let open = true;
  stdin.on('error', () => {
    open = false;
  });
  const write = (chunk: Uint8Array): Promise<void> =>
    new Promise((resolve) => {
      stdin.write(chunk, (error) => {
        if (error) open = false;
        resolve();
      });
    });
  const batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  const flush = async (): Promise<void> => {
    if (used === 0) return;
    await write(batch.subarray(0, used));
    used = 0;
  };
  for (const message of messages) {
    if (!open) break;
    const frameBytes = 8 + message.bytes.length;
    if (used + frameBytes > BATCH_BYTES) await flush();
    if (frameBytes <= BATCH_BYTES) {
      frameHeader(message.bits).copy(batch, used);
      batch.set(message.bytes, used + 8);
      used += frameBytes;
    } else {
      void write(frameHeader(message.bits));
      await write(message.bytes);
    }
    sentBits.push(message.bits);
  }
  if (open) await flush();
  stdin.end();
  return sentBits;
}

/**
 * A {@link DriverRunner} that spawns the driver at `driverPath` (already resolved).
 */
export function createSpawnDriverRunner(driverPath: string): DriverRunner {
  return {
    async hash(library: string, digestBits: number, messages: Iterable<DriverMessage>, options: DriverHashOptions) {
      const subprocess = execa(driverPath, ['hash', library, String(digestBits)], {
        reject: false,
        stdin: 'pipe',
        timeout: Math.round(options.timeoutSeconds * 1000),
        forceKillAfterDelay: 2000,
        maxBuffer: { stdout: 1 << 28, stderr: 1 << 26 },
        stripFinalNewline: false,
      });
      const sentBits = await writeFrames(subprocess.stdin, messages);
      const result = await subprocess;
      if (result.exitCode === undefined && result.signal === undefined && !result.timedOut) {
        throw new KatError('DRIVER_NOT_FOUND', `Could not start ${driverPath}: ${result.shortMessage}. ${FIX}`, { cause: result.cause });
      }
      return interpretHashRun({
        driverPath,
        library,
        digestBits,
        exitCode: result.exitCode ?? null,
        signal: result.signal ?? null,
        timedOut: result.timedOut,
        timeoutSeconds: options.timeoutSeconds,
        stdout: typeof result.stdout === 'string' ? result.stdout : '',
        stderr: typeof result.stderr === 'string' ? result.stderr : '',
        sentBits,
      });
    },
  };
}
