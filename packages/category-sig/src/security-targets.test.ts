import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SIG_CATEGORY } from './sig-category.js';
import { SIG_SECURITY_TARGETS, SIG_SECURITY_TARGETS_CSV } from './security-targets.js';

describe('the bundled security targets of the category', () => {
  it('are data/security-targets.csv byte for byte, every source key described in data/SOURCES.md', () => {
    const file = fileURLToPath(new URL('../data/security-targets.csv', import.meta.url));
    expect(SIG_SECURITY_TARGETS_CSV).toBe(readFileSync(file, 'utf8'));
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
