import { describe, expect, it } from '@jest/globals';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildScriptDefines } from './build-script-defines.js';

describe('buildScriptDefines', () => {
  it('reads -DNAME=VALUE and a bare -DNAME (defined as 1), and leaves a value the script computes', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'script-defines-'));
    try {
      await mkdir(path.join(root, 'Ref', 'X-128'), { recursive: true });
      // The shape of a real key-exchange package's build.sh: a mode with a value and a switch
      // without one; without the switch its parameters header selects AVX2 code.
      await writeFile(
        path.join(root, 'Ref', 'X-128', 'build.sh'),
        [
          '#!/bin/sh',
          'CFLAGS="-O2 -DTOY_MODE=128"',
          'gcc $CFLAGS -DTOY_FORCE_SCALAR -DTOY_FROM=$(LEVEL) -DTOY_QUOTED="x" -c *.c',
          'gcc -DTOY_LAST',
        ].join('\n'),
      );
      const defines = await buildScriptDefines(root, 'Ref/X-128', new Map([['Ref/X-128', ['build.sh']]]));
      expect(defines).toEqual([
        { name: 'TOY_FORCE_SCALAR', value: '1', source: 'Ref/X-128/build.sh line 3' },
        { name: 'TOY_LAST', value: '1', source: 'Ref/X-128/build.sh line 4' },
        { name: 'TOY_MODE', value: '128', source: 'Ref/X-128/build.sh line 2' },
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
