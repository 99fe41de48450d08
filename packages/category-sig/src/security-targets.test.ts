import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SIG_CATEGORY, SIG_SECURITY_TARGETS } from './sig-category.js';

describe('the bundled security targets of the category', () => {
  it('are read from data/security-targets.csv (its one copy, inlined by the build), a known set at 128 bits among them, every source key described in data/SOURCES.md', () => {
    expect(SIG_SECURITY_TARGETS).toContainEqual(
      expect.objectContaining({
        candidate: 'sign-01',
        algorithm: 'Aigis-Sig+',
        instance: 'Aigis-sig1',
        targetBits: 128,
      }),
    );
    const sources = readFileSync(fileURLToPath(new URL('../data/SOURCES.md', import.meta.url)), 'utf8');
    for (const key of new Set(SIG_SECURITY_TARGETS.map((row) => row.source))) expect(sources).toContain(`\`${key}\``);
  });

  it('give every row its target through the category', () => {
    for (const row of SIG_SECURITY_TARGETS)
      expect(SIG_CATEGORY.securityTarget!({ name: row.instance, parameters: {}, candidate: row.candidate })?.bits).toBe(
        row.targetBits,
      );
  });
});
