import { describe, expect, it } from '@jest/globals';
import { CV_WARNING_LIMITS, cvWarningLimit } from './cv-warning-limit.js';

describe('cvWarningLimit', () => {
  it('is 5 % up to 4095 B and 2 % from 4096 B (4 KiB) on', () => {
    expect(cvWarningLimit(0)).toBe(0.05);
    expect(cvWarningLimit(4095)).toBe(0.05);
    expect(cvWarningLimit(4096)).toBe(0.02);
    expect(cvWarningLimit(65536)).toBe(0.02);
    expect(CV_WARNING_LIMITS).toEqual({ longMessageBytes: 4096, longMessageCv: 0.02, shortMessageCv: 0.05 });
    expect(Object.isFrozen(CV_WARNING_LIMITS)).toBe(true);
  });
});
