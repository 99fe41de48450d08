import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KEM_CATEGORY, KEM_SECURITY_TARGETS } from './kem-category.js';

describe('the bundled security targets of KEM parameter sets', () => {
  it('are read from data/security-targets.csv (its one copy, inlined by the build), a known set at 128 bits among them, every source key described in data/SOURCES.md', () => {
    expect(KEM_SECURITY_TARGETS).toContainEqual(
      expect.objectContaining({ candidate: 'kem-02', algorithm: 'Amoeba', instance: 'Amoeba128', targetBits: 128 }),
    );
    const sources = readFileSync(fileURLToPath(new URL('../data/SOURCES.md', import.meta.url)), 'utf8');
    for (const key of new Set(KEM_SECURITY_TARGETS.map((row) => row.source))) expect(sources).toContain(`\`${key}\``);
  });

  it('give each published set its target, by id or by algorithm name, and leave the others to header or name', () => {
    const amoeba = (name: string) =>
      KEM_CATEGORY.securityTarget!({ name, parameters: {}, candidate: 'pkg-amoeba', algorithm: 'Amoeba' });
    expect(['Amoeba128', 'Amoeba192', 'Amoeba256', 'Amoeba384', 'Amoeba512'].map((name) => amoeba(name))).toEqual([
      { bits: 128, source: 'bundled data (site-arm_1-ranking-128)', publishedRepresentative: true },
      { bits: 192, source: 'its name' },
      { bits: 256, source: 'bundled data (site-arm_1-ranking-256)', publishedRepresentative: true },
      { bits: 384, source: 'its name' },
      { bits: 512, source: 'bundled data (site-arm_1-ranking-512)', publishedRepresentative: true },
    ]);
    expect(KEM_CATEGORY.securityTargetBits({ name: 'yuanyang-512', parameters: {} })).toBe(512);
    expect(KEM_CATEGORY.securityTarget!({ name: 'yuanyang-512', parameters: {}, candidate: 'kem-40' })?.bits).toBe(128);
    expect(KEM_CATEGORY.securityTarget!({ name: 'ToyKEM', parameters: {} })).toBeNull();
  });
});
