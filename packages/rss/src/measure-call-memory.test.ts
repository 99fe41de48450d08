import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { DriverProcessOutcome, DriverProcessRequest, DriverProcessRunner } from './driver-process.js';
import { measureCallMemory } from './measure-call-memory.js';
import { RssError } from './rss-error.js';

const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url)), 'utf8');

/** A runner that records its request and answers with canned output. */
function fakeRunner(answer: Partial<DriverProcessOutcome>): {
  runner: DriverProcessRunner;
  requests: DriverProcessRequest[];
} {
  const requests: DriverProcessRequest[] = [];
  const runner: DriverProcessRunner = async (request) => {
    requests.push(request);
    return { exitCode: 0, signal: null, timedOut: false, stdout: '', stderr: '', wallSeconds: 0.05, ...answer };
  };
  return { runner, requests };
}

const BASE = {
  library: 'testlibs/libbig_heap.so',
  digestBits: 256,
  messageBytes: 64,
  driverPath: '/opt/ngcc-perf-driver',
};

/** The field order of the record's `memory` object in @ngcc-perf/record/docs/RUN-DIRECTORY.md. */
const RECORD_FIELDS = [
  'command',
  'exitCode',
  'stackHighWaterBytes',
  'callerStackHighWaterBytes',
  'stackOverheadBytes',
  'heapPeakBytes',
  'heapPeakUsableBytes',
  'heapAllocations',
  'heapRetainedBytes',
  'mmapBytes',
  'operationPeakBytes',
  'clearRefs',
  'baselineRssBytes',
  'peakRssBytes',
  'threadsCreated',
  'workerStackHighWaterBytes',
  'workerStacksUnmeasured',
];

async function rejection(promise: Promise<unknown>): Promise<RssError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RssError);
  return error as RssError;
}

describe('measureCallMemory with a fake driver', () => {
  it('turns the captured libbig_heap memory line into the record object, fields in RUN-DIRECTORY order', async () => {
    const { runner, requests } = fakeRunner({ stdout: fixture('memory-big-heap.jsonl') });
    const result = await measureCallMemory({ ...BASE, cpu: 1, runner });
    expect(requests).toEqual([
      {
        driverPath: '/opt/ngcc-perf-driver',
        args: ['memory', 'testlibs/libbig_heap.so', '256', '64', '--cpu', '1'],
        timeoutMs: 60000,
      },
    ]);
    if (result.status !== 'complete') throw new Error(result.failure);
    // Figures read off the fixture by hand.
    expect(result.memory).toEqual({
      command: ['/opt/ngcc-perf-driver', 'memory', 'testlibs/libbig_heap.so', '256', '64', '--cpu', '1'],
      exitCode: 0,
      stackHighWaterBytes: 1704,
      callerStackHighWaterBytes: 1704,
      stackOverheadBytes: 40,
      heapPeakBytes: 1048576,
      heapPeakUsableBytes: 1052656,
      heapAllocations: 1,
      heapRetainedBytes: 0,
      mmapBytes: 0,
      operationPeakBytes: 1048576,
      clearRefs: 'supported',
      baselineRssBytes: 9920512,
      peakRssBytes: 11173888,
      threadsCreated: 0,
      workerStackHighWaterBytes: null,
      workerStacksUnmeasured: 0,
    });
    expect(Object.keys(result.memory)).toEqual(RECORD_FIELDS);
    expect(result.stackBytesProvided).toBe(8388608);
    expect(result.heapBookkeepingNote).toContain('peaked at 1052656 bytes (heapPeakUsableBytes)');
  });

  it("a library hashing on a worker thread: the stack figure is the worker's 64 KiB frame, not the caller's", async () => {
    const { runner } = fakeRunner({ stdout: fixture('memory-worker-stack.jsonl') });
    const result = await measureCallMemory({ ...BASE, library: 'testlibs/libworker_stack.so', runner });
    if (result.status !== 'complete') throw new Error(result.failure);
    expect(result.memory).toMatchObject({
      threadsCreated: 1,
      workerStacksUnmeasured: 0,
      callerStackHighWaterBytes: 984,
      workerStackHighWaterBytes: 65584,
      stackHighWaterBytes: 65584,
    });
  });

  it('passes --stack-bytes and the timeout in milliseconds', async () => {
    const { runner, requests } = fakeRunner({ stdout: fixture('memory-big-heap.jsonl') });
    await measureCallMemory({ ...BASE, stackBytes: 81920, timeoutSeconds: 2.5, runner });
    expect(requests[0]).toEqual({
      driverPath: '/opt/ngcc-perf-driver',
      args: ['memory', 'testlibs/libbig_heap.so', '256', '64', '--stack-bytes', '81920'],
      timeoutMs: 2500,
    });
  });

  it.each([
    [
      'SIGSEGV',
      {
        exitCode: null,
        signal: 'SIGSEGV',
        stderr: 'ngcc-perf-driver: the library x.so crashed with signal 11 (SIGSEGV) in CryptHash\n',
      },
      'CRASH',
      /^CRASH — killed by SIGSEGV: the library x\.so crashed with signal 11/,
    ],
    ['a timeout', { exitCode: null, signal: 'SIGKILL', timedOut: true }, 'TIMEOUT', /^TIMEOUT — killed after 60 s/],
    [
      'OVERFLOW (captured)',
      { exitCode: 4, stdout: fixture('memory-overflow.jsonl') },
      'OVERFLOW',
      /^OVERFLOW — CryptHash in testlibs\/liboverflow\.so wrote outside the digest buffer/,
    ],
    [
      'CRYPTOFAIL',
      {
        exitCode: 3,
        stdout:
          '{"v":1,"type":"error","code":"CRYPTOFAIL","returnCode":-1,"phase":"memory","message":"CryptHash returned -1"}\n',
      },
      'CRYPTOFAIL',
      /^CRYPTOFAIL — CryptHash returned -1$/,
    ],
    [
      'LOADFAIL',
      {
        exitCode: 5,
        stdout: '{"v":1,"type":"error","code":"LOADFAIL","stage":"dlsym","message":"no CryptHash in x.so"}\n',
      },
      'LOADFAIL',
      /^LOADFAIL — no CryptHash in x\.so$/,
    ],
    [
      'exit 0 without a memory line',
      { exitCode: 0, stdout: 'hello from the library\n' },
      'CRASH',
      /^CRASH — exit code 0 without a memory line — did the library call exit\(\)\?$/,
    ],
    [
      'exit 1 without an error line',
      { exitCode: 1, stderr: 'bye\n' },
      'CRASH',
      /^CRASH — exit code 1 without a memory line .*\(stderr: bye\)$/,
    ],
  ] as const)('%s is a failed result, not an exception', async (_name, answer, verdictLike, failure) => {
    const { runner } = fakeRunner(answer);
    const result = await measureCallMemory({ ...BASE, runner });
    expect(result).toMatchObject({
      status: 'failed',
      verdictLike,
      command: ['/opt/ngcc-perf-driver', 'memory', 'testlibs/libbig_heap.so', '256', '64'],
    });
    if (result.status === 'failed') {
      expect(result.failure).toMatch(failure);
      expect(result.failure).not.toContain('\n');
    }
  });

  it('keeps the error line of a failure', async () => {
    const { runner } = fakeRunner({ exitCode: 4, stdout: fixture('memory-overflow.jsonl') });
    const result = await measureCallMemory({ ...BASE, runner });
    expect(result.status === 'failed' && result.errorLine).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'digest',
      side: 'after',
      guardOffset: 0,
    });
  });
});

describe('measureCallMemory harness errors', () => {
  it('DRIVER_VERSION for a v2 line, saying to rebuild the driver', async () => {
    const { runner } = fakeRunner({ stdout: '{"v":2,"type":"memory"}\n' });
    const error = await rejection(measureCallMemory({ ...BASE, runner }));
    expect(error.code).toBe('DRIVER_VERSION');
    expect(error.message).toContain('Rebuild the driver: run "npm run build" in a checkout');
  });

  it('PROTOCOL for a memory line missing a field, and for a line about another message length', async () => {
    const broken = fixture('memory-big-heap.jsonl').replace('"stackHighWaterBytes":1704,', '');
    expect(
      (await rejection(measureCallMemory({ ...BASE, runner: fakeRunner({ stdout: broken }).runner }))).message,
    ).toMatch(/not a valid "memory" line \(stackHighWaterBytes: /);
    const other = await rejection(
      measureCallMemory({
        ...BASE,
        messageBytes: 65,
        runner: fakeRunner({ stdout: fixture('memory-big-heap.jsonl') }).runner,
      }),
    );
    expect(other.code).toBe('PROTOCOL');
  });

  it('DRIVER_FAILED for USAGE (e.g. a driver without the memory subcommand)', async () => {
    const { runner } = fakeRunner({
      exitCode: 2,
      stdout: '{"v":1,"type":"error","code":"USAGE","message":"unknown subcommand \\"memory\\""}\n',
    });
    const error = await rejection(measureCallMemory({ ...BASE, runner }));
    expect(error.code).toBe('DRIVER_FAILED');
    expect(error.message).toContain('npm run build');
  });

  it.each([
    [{ digestBits: 12 }, /digestBits is 12; pass a multiple of 8/],
    [{ messageBytes: -1 }, /messageBytes is -1/],
    [{ stackBytes: 4096 }, /stackBytes is 4096; pass an integer from 16384 to 1073741824/],
    [{ cpu: 1.5 }, /cpu is 1\.5/],
    [{ library: '' }, /library is empty/],
    [{ timeoutSeconds: 0 }, /timeoutSeconds is 0/],
  ])('INVALID_ARGUMENT for %j', async (override, message) => {
    const error = await rejection(measureCallMemory({ ...BASE, ...override, runner: fakeRunner({}).runner }));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(message);
  });

  it('DRIVER_NOT_FOUND without a runner when the driver path is not executable', async () => {
    const error = await rejection(measureCallMemory({ ...BASE, driverPath: '/nonexistent/ngcc-perf-driver' }));
    expect(error.code).toBe('DRIVER_NOT_FOUND');
    expect(error.message).toContain('/nonexistent/ngcc-perf-driver');
  });
});
