import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { runReadmeExample } from '../../../scripts/readme-example.mjs';

describe('README example', () => {
  it('runs and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample(fileURLToPath(new URL('..', import.meta.url)));
    expect(expected.length).toBeGreaterThan(0);
    expect(printed).toEqual(expected);
  });
});
