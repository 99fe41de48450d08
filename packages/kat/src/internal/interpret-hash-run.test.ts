import { describe, expect, it } from '@jest/globals';
import { KatError } from '../kat-error.js';
import { interpretHashRun, type HashRunFacts } from './interpret-hash-run.js';

const D8 = 'AB'.repeat(8);
const digestLine = (index: number, bits: number, hex = D8): string => `{"v":1,"type":"digest","index":${index},"bits":${bits},"hex":"${hex}"}`;

function facts(overrides: Partial<HashRunFacts>): HashRunFacts {
  return {
    driverPath: 'ngcc-perf-driver', library: 'libx.so', digestBits: 64, exitCode: 0, signal: null,
    timedOut: false, timeoutSeconds: 900, stdout: '', stderr: '', sentBits: [0, 1, 2], ...overrides,
  };
}

function katErrorOf(run: () => unknown): KatError {
  try {
    run();
  } catch (error) {
    if (error instanceof KatError) return error;
    throw error;
  }
  throw new Error('expected a KatError');
}

describe('interpretHashRun (native/PROTOCOL.md exit codes)', () => {
  const allDigests = [digestLine(0, 0), digestLine(1, 1), digestLine(2, 2)].join('\n');

  it('exit 0 with every digest and the end line: ok, digests in order', () => {
    const outcome = interpretHashRun(facts({ stdout: `${allDigests}\n{"v":1,"type":"end","count":3}\n` }));
    expect(outcome).toEqual({ status: 'ok', digestsHex: [D8, D8, D8] });
  });

  it('skips stray non-JSON lines printed by the library', () => {
    const outcome = interpretHashRun(facts({ stdout: `hello from CryptHash\n${allDigests}\ndebug\n{"v":1,"type":"end","count":3}\n` }));
    expect(outcome.status).toBe('ok');
  });

  it('exit 3 is CRYPTOFAIL with the return code and message bits of the error line', () => {
    const stdout = `${digestLine(0, 0)}\n{"v":1,"type":"error","code":"CRYPTOFAIL","message":"CryptHash returned -1","returnCode":-1,"messageBits":1,"index":1}\n`;
    const outcome = interpretHashRun(facts({ exitCode: 3, stdout }));
    expect(outcome).toMatchObject({ status: 'CRYPTOFAIL', index: 1, messageBits: 1, returnCode: -1, digestsHex: [D8] });
  });

  it('exit 4 is OVERFLOW naming the buffer', () => {
    const stdout = '{"v":1,"type":"error","code":"OVERFLOW","message":"guard changed","buffer":"message","index":0}\n';
    expect(interpretHashRun(facts({ exitCode: 4, stdout }))).toMatchObject({ status: 'OVERFLOW', buffer: 'message', index: 0, messageBits: 0 });
  });

  it('exit 5 is LOADFAIL with the driver message', () => {
    const stdout = '{"v":1,"type":"error","code":"LOADFAIL","message":"undefined symbol: CryptHash"}\n';
    const outcome = interpretHashRun(facts({ exitCode: 5, stdout }));
    expect(outcome.status).toBe('LOADFAIL');
    if (outcome.status === 'LOADFAIL') expect(outcome.detail).toBe('could not load libx.so: undefined symbol: CryptHash');
  });

  it('a signal is CRASH with the signal name and the message being hashed', () => {
    const outcome = interpretHashRun(facts({ exitCode: null, signal: 'SIGSEGV', stdout: `${digestLine(0, 0)}\n` }));
    expect(outcome).toMatchObject({ status: 'CRASH', signal: 'SIGSEGV', exitCode: null, index: 1, messageBits: 1 });
  });

  it('a timeout is TIMEOUT, whatever signal killed it', () => {
    const outcome = interpretHashRun(facts({ exitCode: null, signal: 'SIGTERM', timedOut: true, timeoutSeconds: 2 }));
    expect(outcome).toMatchObject({ status: 'TIMEOUT', timeoutSeconds: 2 });
  });

  it('exit 0 without all digests, or an undocumented exit code, is CRASH with that code', () => {
    expect(interpretHashRun(facts({ stdout: `${digestLine(0, 0)}\n` }))).toMatchObject({ status: 'CRASH', signal: null, exitCode: 0, index: 1 });
    expect(interpretHashRun(facts({ exitCode: 1, stderr: 'bye' }))).toMatchObject({ status: 'CRASH', signal: null, exitCode: 1, index: 0 });
  });

  it('exit 2 (USAGE) and 8 (IO) are the driver failing: KatError DRIVER_FAILED', () => {
    expect(katErrorOf(() => interpretHashRun(facts({ exitCode: 2, stderr: 'usage: …' }))).code).toBe('DRIVER_FAILED');
    expect(katErrorOf(() => interpretHashRun(facts({ exitCode: 8 }))).code).toBe('DRIVER_FAILED');
  });

  it('another protocol version is DRIVER_VERSION, telling the user to rebuild native/', () => {
    const error = katErrorOf(() => interpretHashRun(facts({ stdout: '{"v":2,"type":"digest"}\n' })));
    expect(error.code).toBe('DRIVER_VERSION');
    expect(error.message).toBe(
      'ngcc-perf-driver speaks protocol version 2, but @ngcc-perf/kat needs version 1. Rebuild native/ with `npm run build` at the repository root.',
    );
  });

  it('invalid lines are DRIVER_PROTOCOL: bad JSON, unknown type, wrong digest length, out-of-order index', () => {
    for (const stdout of ['{"v":1,', '{"v":1,"type":"meta"}', digestLine(0, 0, 'AB'), digestLine(1, 1)]) {
      expect(katErrorOf(() => interpretHashRun(facts({ stdout }))).code).toBe('DRIVER_PROTOCOL');
    }
  });
});
