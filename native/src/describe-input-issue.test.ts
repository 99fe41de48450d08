import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { describeOptionsProblem, likelyMeant } from './describe-input-issue.js';

const schema = z.strictObject({
  messageBytes: z.number(),
  options: z.strictObject({ trials: z.number().optional(), trialTargetSeconds: z.number().optional() }).optional(),
  instances: z.array(z.strictObject({ digestBits: z.number() })).optional(),
});

describe('describeOptionsProblem', () => {
  it('accepts options that fit', () => {
    expect(describeOptionsProblem(schema, { messageBytes: 64, options: { trials: 5 } })).toBeNull();
  });

  it('names an unknown nested key and the field it most resembles', () => {
    expect(describeOptionsProblem(schema, { messageBytes: 64, options: { trialTarget: 0.05 } })).toBe(
      'unknown field "options.trialTarget" (did you mean "trialTargetSeconds"?)',
    );
    expect(describeOptionsProblem(schema, { messageBytes: 64, instances: [{ digestbits: 256 }] })).toBe(
      'unknown field "instances.0.digestbits" (did you mean "digestBits"?)',
    );
  });

  it('names the type received', () => {
    expect(describeOptionsProblem(schema, { messageBytes: '64' })).toBe(
      'field "messageBytes": Invalid input: expected number, received string; got a string ("64")',
    );
  });

  it('says a required field is missing', () => {
    expect(describeOptionsProblem(schema, {})).toMatch(/^field "messageBytes" is missing: /);
  });
});

describe('likelyMeant', () => {
  it('folds case and separators, completes a unit left off, and allows two edits', () => {
    expect(likelyMeant('digest_bits', ['digestBits'])).toBe('digestBits');
    expect(likelyMeant('trialTarget', ['trials', 'trialTargetSeconds'])).toBe('trialTargetSeconds');
    expect(likelyMeant('libary', ['library', 'label'])).toBe('library');
    expect(likelyMeant('outputDir', ['outDir', 'katDir'])).toBe('outDir');
    expect(likelyMeant('colour', ['library', 'digestBits'])).toBeUndefined();
  });
});
