import { describe, expect, it } from '@jest/globals';
import { portableText, withPortablePaths } from './portable-paths.js';

describe('portable texts of a run directory (the run-directory layout)', () => {
  it('turns paths inside the run directory into relative ones, in commands and texts alike', () => {
    expect(portableText('CryptHash in /runs/x/lib/a/liba.so returned -1; /runs/x2/y stays', '/runs/x')).toBe(
      'CryptHash in lib/a/liba.so returned -1; /runs/x2/y stays',
    );
    const measured = {
      failure: 'calibration: CRYPTOFAIL — exit code 3: CryptHash in /runs/x/lib/a/liba.so returned -1',
      processes: [
        {
          command: ['/repo/native/build/ngcc-perf-driver', 'time', '/runs/x/lib/a/liba.so'],
          stderr: 'ngcc-perf-driver: CryptHash in /runs/x/lib/a/liba.so',
          exitCode: 3,
        },
      ],
    };
    expect(withPortablePaths(measured, '/runs/x')).toEqual({
      failure: 'calibration: CRYPTOFAIL — exit code 3: CryptHash in lib/a/liba.so returned -1',
      processes: [
        {
          command: ['ngcc-perf-driver', 'time', 'lib/a/liba.so'],
          stderr: 'ngcc-perf-driver: CryptHash in lib/a/liba.so',
          exitCode: 3,
        },
      ],
    });
  });
});
