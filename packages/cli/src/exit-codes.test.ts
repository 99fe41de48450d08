import { describe, expect, it } from '@jest/globals';
import { VERDICT_EXIT_CODES } from '@ngcc-perf/kat';
import { COMPARISON_VERDICT_EXIT_CODES } from '@ngcc-perf/report';
import {
  EXIT_BAD_INPUT,
  EXIT_INTERNAL_ERROR,
  EXIT_NEGATIVE_VERDICT,
  EXIT_NOT_VOUCHED,
  EXIT_SUCCESS,
} from './exit-codes.js';
import { main } from './main.js';

describe('exit codes (README "Exit codes")', () => {
  it('are 0 success, 1 negative verdict, 2 bad input, 3 could not vouch, 70 internal error', () => {
    expect([EXIT_SUCCESS, EXIT_NEGATIVE_VERDICT, EXIT_BAD_INPUT, EXIT_NOT_VOUCHED, EXIT_INTERNAL_ERROR]).toEqual([
      0, 1, 2, 3, 70,
    ]);
  });

  it("kat verdicts: PASS and MISMATCH are success and negative verdict; no verdict shares bad input's 2 or the internal error's 70", () => {
    expect([VERDICT_EXIT_CODES.PASS, VERDICT_EXIT_CODES.MISMATCH]).toEqual([EXIT_SUCCESS, EXIT_NEGATIVE_VERDICT]);
    expect(VERDICT_EXIT_CODES.NOKAT).toBe(EXIT_NOT_VOUCHED);
    expect(Object.values(VERDICT_EXIT_CODES)).not.toContain(EXIT_BAD_INPUT);
    expect(Object.values(VERDICT_EXIT_CODES)).not.toContain(EXIT_INTERNAL_ERROR);
  });

  it('compare verdicts map onto the shared codes: regression 1, not-comparable and insufficient-trials 3', () => {
    expect(COMPARISON_VERDICT_EXIT_CODES.regression).toBe(EXIT_NEGATIVE_VERDICT);
    expect([
      COMPARISON_VERDICT_EXIT_CODES['not-comparable'],
      COMPARISON_VERDICT_EXIT_CODES['insufficient-trials'],
    ]).toEqual([EXIT_NOT_VOUCHED, EXIT_NOT_VOUCHED]);
  });

  it('main: an unknown option is 2; an unexpected exception is 70 (it was 1, a negative verdict), with one line and a hint', async () => {
    const err: string[] = [];
    expect(
      await main(['size', '--no-such-option'], { stdout: () => undefined, stderr: (text) => void err.push(text) }),
    ).toBe(EXIT_BAD_INPUT);
    err.length = 0;
    const failingStdout = (): void => {
      throw new TypeError('stdout went away');
    };
    expect(await main(['--help'], { stdout: failingStdout, stderr: (text) => void err.push(text) })).toBe(
      EXIT_INTERNAL_ERROR,
    );
    expect(err.join('')).toMatch(/^ngcc-perf: internal error: stdout went away\nrerun with --debug for the stack\n$/);
  });
});
