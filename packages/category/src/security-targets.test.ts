import { describe, expect, it } from '@jest/globals';
import { bundledSecurityTargets, parseSecurityTargets, securityTargetFrom } from './security-targets.js';

const CSV =
  'candidate,algorithm,instance,target_bits,published_representative,source\n' +
  'kem-40,YuanYang.KEM,yuanyang-512,128,yes,site-arm_1-ranking-128\n' +
  'kem-02,Amoeba,Amoeba128,128,yes,site-arm_1-ranking-128\n';

describe('securityTargetFrom', () => {
  const rows = parseSecurityTargets(CSV, 'security-targets.csv');

  it('takes the bundled row first, by candidate id or by algorithm name, with its source', () => {
    // the name says 512, the published comparison ranks it at 128: the bundled data decide
    expect(securityTargetFrom(rows, { name: 'yuanyang-512', parameters: {}, candidate: 'kem-40' })).toEqual({
      bits: 128,
      source: 'bundled data (site-arm_1-ranking-128)',
      publishedRepresentative: true,
    });
    // a package unpacked under another id is found by its algorithm name
    expect(
      securityTargetFrom(rows, { name: 'Amoeba128', parameters: {}, candidate: 'pkg-amoeba', algorithm: 'Amoeba' })
        ?.bits,
    ).toBe(128);
  });

  it('then the instance header, then a level the name ends in, and nothing else', () => {
    expect(securityTargetFrom(rows, { name: 'Toy', parameters: { securityBits: 192 } })).toEqual({
      bits: 192,
      source: 'its instance header',
    });
    expect(securityTargetFrom(rows, { name: 'Amoeba192', parameters: {}, algorithm: 'Amoeba' })).toEqual({
      bits: 192,
      source: 'its name',
    });
    for (const name of ['OAEP-NTRU-648', 'NGCC-1', 'CEDRUSC-160f', 'ToyKEM'])
      expect(securityTargetFrom(rows, { name, parameters: {} })).toBeNull();
  });

  it('refuses a malformed row, naming the file and line', () => {
    expect(() =>
      parseSecurityTargets(`${CSV}kem-09,CheetahKEM,Cheetah128,many,yes,x\n`, 'data/security-targets.csv'),
    ).toThrow(/data\/security-targets\.csv: line 4 /);
  });
});

describe('bundledSecurityTargets', () => {
  it('parses the text once and looks targets up as securityTargetFrom does, bits alone too', () => {
    const targets = bundledSecurityTargets(CSV, 'data/security-targets.csv');
    expect(targets.entries.map((row) => row.instance)).toEqual(['yuanyang-512', 'Amoeba128']);
    const instance = { name: 'yuanyang-512', parameters: {}, candidate: 'kem-40' };
    expect(targets.securityTarget(instance)).toEqual(securityTargetFrom(targets.entries, instance));
    expect(targets.securityTargetBits(instance)).toBe(128);
    expect(targets.securityTargetBits({ name: 'ToyKEM', parameters: {} })).toBeNull();
  });

  it('refuses a malformed file, naming it', () => {
    expect(() =>
      bundledSecurityTargets('candidate,instance\n', '@ngcc-perf/category-kem/data/security-targets.csv'),
    ).toThrow(/^@ngcc-perf\/category-kem\/data\/security-targets\.csv: line 1 /);
  });
});
