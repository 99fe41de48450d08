import { describe, expect, it } from '@jest/globals';
import { parseFirstCallEstimate, processTimeouts, timeArgv } from './driver-argv.js';

const enc = { category: 'kem', name: 'enc', parameters: {} };

describe('op-time limits and estimates', () => {
  it("gives op-time the driver's own --timeout in whole seconds and the harness's kill 10 s later", () => {
    expect(processTimeouts(2.2, enc)).toEqual({ driverTimeoutSeconds: 3, timeoutSeconds: 13 });
    expect(processTimeouts(0.01, enc)).toEqual({ driverTimeoutSeconds: 1, timeoutSeconds: 11 });
    expect(processTimeouts(1e9, enc).driverTimeoutSeconds).toBe(4_294_967);
    // The hash `time` subcommand has no --timeout: the harness kills at the time given.
    expect(processTimeouts(60, undefined)).toEqual({ timeoutSeconds: 60 });
    const argv = timeArgv({
      library: 'lib.so',
      messageBytes: 0,
      operation: enc,
      iterations: 20,
      warmups: 1,
      ...processTimeouts(600, enc),
    });
    expect(argv.slice(-2)).toEqual(['--timeout', '600']);
  });

  it("reads the driver's first-call estimate sentence (native/driver/op_timeout.c) and nothing else", () => {
    expect(
      parseFirstCallEstimate(
        'ngcc-perf-driver: op-time kem keygen: the first call took 95.250000 s; the 24 calls left in this run need about 2286.0 s at that pace',
      ),
    ).toEqual({ firstCallSeconds: 95.25, callsLeft: 24, secondsLeft: 2286 });
    expect(parseFirstCallEstimate('ngcc-perf-driver: op-time: lib.so kem enc did not end within 2 s')).toBeNull();
  });
});
