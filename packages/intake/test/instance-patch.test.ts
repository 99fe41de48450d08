import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyInstancePatch, loadCandidate } from '../src/index.js';

const folder = fileURLToPath(new URL('./fixtures/patched-candidate/', import.meta.url));

describe('candidate.json "patch"', () => {
  it('applies the diff to a copy in the work folder, leaves the user files alone and says what it changed', async () => {
    const candidate = await loadCandidate(folder);
    const work = await mkdtemp(path.join(tmpdir(), 'pk-patch-'));
    try {
      const fixed = candidate.instances.find((i) => i.name === 'toy-fixed')!;
      const { instance, patch } = await applyInstancePatch(candidate.directory, fixed, work);
      expect(patch).toMatchObject({ file: 'patches/fix.diff', files: ['src/toy.c'] });
      expect(patch!.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(instance.sourcePaths).toEqual([path.join(work, 'toy-fixed', 'src', 'toy.c')]);
      expect(await readFile(instance.sourcePaths[0]!, 'utf8')).toContain('return 2;');
      expect(await readFile(path.join(folder, 'src', 'toy.c'), 'utf8')).toContain('return 1;');
      const plain = candidate.instances.find((i) => i.name === 'toy-plain')!;
      expect(await applyInstancePatch(candidate.directory, plain, work)).toEqual({ instance: plain, patch: null });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('refuses a diff naming a path outside the candidate folder before writing anything', async () => {
    const candidate = await loadCandidate(folder);
    const work = await mkdtemp(path.join(tmpdir(), 'pk-patch-'));
    try {
      const hostile = candidate.instances.find((i) => i.name === 'toy-hostile')!;
      await expect(applyInstancePatch(candidate.directory, hostile, work)).rejects.toThrow(
        /patches\/hostile\.diff line 1: the diff names "a\/\.\.\/\.\.\/outside\.c", a path outside the candidate folder/,
      );
      expect(existsSync(path.join(work, 'toy-hostile'))).toBe(false);
      expect(existsSync(path.join(work, '..', 'outside.c'))).toBe(false);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
