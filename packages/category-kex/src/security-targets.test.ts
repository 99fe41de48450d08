import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KEX_CATEGORY } from './kex-category.js';
import { KEX_SECURITY_TARGETS, KEX_SECURITY_TARGETS_CSV } from './security-targets.js';

describe('the bundled security targets of the category', () => {
  it('are data/security-targets.csv byte for byte, every source key described in data/SOURCES.md', () => {
    const file = fileURLToPath(new URL('../data/security-targets.csv', import.meta.url));
    expect(KEX_SECURITY_TARGETS_CSV).toBe(readFileSync(file, 'utf8'));
    const sources = readFileSync(fileURLToPath(new URL('../data/SOURCES.md', import.meta.url)), 'utf8');
    for (const key of new Set(KEX_SECURITY_TARGETS.map((row) => row.source))) expect(sources).toContain(`\`${key}\``);
  });

  it('give every row its target through the category', () => {
    for (const row of KEX_SECURITY_TARGETS)
      expect(KEX_CATEGORY.securityTarget!({ name: row.instance, parameters: {}, candidate: row.candidate })?.bits).toBe(
        row.targetBits,
      );
  });
});
