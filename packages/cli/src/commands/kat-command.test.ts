import { describe, expect, it } from '@jest/globals';
import { katFilesFor } from './kat-command.js';

describe('katFilesFor (the ICCS KAT rules: the default gate and the opt-in files)', () => {
  it('is KAT_2_12 + KAT_2_23 by default, adds KAT_Loop with --loop, and all four with --full', () => {
    expect(katFilesFor({})).toEqual(['KAT_2_12', 'KAT_2_23']);
    expect(katFilesFor({ loop: true })).toEqual(['KAT_2_12', 'KAT_2_23', 'KAT_Loop']);
    expect(katFilesFor({ full: true })).toEqual(['KAT_2_12', 'KAT_2_23', 'KAT_2_33', 'KAT_Loop']);
    expect(katFilesFor({ full: true, loop: true })).toEqual(['KAT_2_12', 'KAT_2_23', 'KAT_2_33', 'KAT_Loop']);
  });
});
