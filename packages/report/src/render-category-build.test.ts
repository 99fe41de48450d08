import { describe, expect, test } from '@jest/globals';
import type { AlgorithmCategory } from '@ngcc-perf/category';
import type { BuildInstance } from '@ngcc-perf/record';
import { categoryCandidatePage } from './render-category-pages.js';

/** A KEM candidate of two instances as build.json holds them; its category says no sections of its own. */
function group(first: Partial<BuildInstance>) {
  const entry = (instance: string, extra: Partial<BuildInstance>) =>
    ({
      candidate: 'kem-99',
      algorithm: 'Toy KEM',
      category: 'kem',
      instance,
      kat: 'NOKAT',
      katDetail: null,
      katLog: null,
      ...extra,
    }) as BuildInstance;
  return {
    category: {
      id: 'kem',
      kat: { kinds: [{ kind: 'KEM', byDefault: true }] },
      pages: { title: 'Key encapsulation', sections: () => [] },
    } as unknown as AlgorithmCategory,
    instances: [entry('toy-fixed', first), entry('toy-plain', {})],
    records: [],
  };
}

describe('the build section of a public-key candidate page', () => {
  test('names the patch an instance was built from and each flag the build added, with the evidence', () => {
    const page = categoryCandidatePage(
      group({
        patch: { file: 'patches/fix.diff', sha256: 'ab'.repeat(32), files: ['src/toy.c'] },
        addedFlags: [{ flag: '-fcommon', reason: 'the linker found drng_algorithm defined in more than one object' }],
      }),
      'kem-99',
      'x86_1',
    );
    const build = page.sections.find((section) => section.id === 'build');
    expect(build?.paragraphs.slice(1)).toEqual([
      'toy-fixed: built from a copy patched with patches/fix.diff (candidate.json "patch", SHA-256 abababababababab…), which changes src/toy.c.',
      'toy-fixed: flag -fcommon added to the build — the linker found drng_algorithm defined in more than one object.',
    ]);
    expect(page.sections[0]?.id).toBe('build');
  });

  test('a candidate built as given has no build section', () => {
    expect(categoryCandidatePage(group({}), 'kem-99', 'x86_1').sections.map((section) => section.id)).toEqual(['kat']);
  });
});
