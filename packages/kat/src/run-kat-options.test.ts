import { describe, expect, it } from '@jest/globals';
import { KatError } from './kat-error.js';
import { runKat, type RunKatOptions } from './run-kat.js';

const BASE = { library: '/lib/libsm3.so', digestBits: 256, name: 'sm3', candidateId: 'example-sm3' };

async function refusal(options: unknown): Promise<string> {
  const error = await runKat(options as RunKatOptions).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(KatError);
  expect((error as KatError).code).toBe('INVALID_ARGUMENT');
  return (error as KatError).message;
}

describe('runKat checks its options object like candidate.json', () => {
  it('says name is required (candidateId is not: it defaults to the name)', async () => {
    const withoutName: Partial<typeof BASE> = { ...BASE };
    delete withoutName.name;
    expect(await refusal(withoutName)).toMatch(
      /^runKat: field "name" is missing: .*\. library, digestBits and name are required;/,
    );
    expect(await refusal({ ...BASE, candidateId: 'two words' })).toMatch(/option candidateId must be a candidate id/);
  });

  it('refuses an unknown key and names the one it resembles', async () => {
    expect(await refusal({ ...BASE, outputDir: 'kat' })).toMatch(
      /^runKat: unknown field "outputDir" \(did you mean "outDir"\?\)\./,
    );
    expect(await refusal({ ...BASE, timeout: 60 })).toMatch(
      /unknown field "timeout" \(did you mean "timeoutSeconds"\?\)/,
    );
  });

  it('names the type it got', async () => {
    expect(await refusal({ ...BASE, digestBits: '256' })).toMatch(/field "digestBits": .*; got a string \("256"\)\./);
  });
});
