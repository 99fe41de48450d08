import { describe, expect, it } from '@jest/globals';
import { portableCommand } from './build-commands.js';

describe('portableCommand', () => {
  it('keeps no absolute path: sources relative to the candidate, objects and the compiler by name', () => {
    // A compile command as CMake 3.25 writes it to compile_commands.json.
    const command =
      '/usr/bin/gcc -Dsm3_EXPORTS -I/c/sm3 -std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -o CMakeFiles/sm3.dir/c/sm3/sm3.c.o -c /c/sm3/sm3.c';
    expect(portableCommand(command, '/c/sm3')).toBe(
      'gcc -Dsm3_EXPORTS -I. -std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -o sm3.c.o -c sm3.c',
    );
  });
});

describe('portableCommand with paths CMake quotes', () => {
  it('keeps a path with spaces, quotes, $ and unicode as one argument, relative to the candidate, no stray quote', () => {
    const root = '/runs/my packages/toy $pkg "q" 杂凑';
    const command = `/usr/bin/gcc -I"${root.replace(/"/g, '\\"')}/Ref" -o CMakeFiles/t.dir/x.c.o -c "${root.replace(/"/g, '\\"')}/Ref/toy hash.c"`;
    const portable = portableCommand(command, root);
    expect(portable).toBe(`gcc -IRef -o x.c.o -c 'Ref/toy hash.c'`);
    expect(portable).not.toContain(root);
  });

  it('a link command as CMake writes link.txt ends without a stray quote', () => {
    const link = '/usr/bin/gcc -fPIC -O2 -shared -Wl,-soname,libt.so -o out/libt.so "CMakeFiles/t.dir/a b/x.c.o" \n';
    expect(portableCommand(link, '/c')).toBe('gcc -fPIC -O2 -shared -Wl,-soname,libt.so -o out/libt.so x.c.o');
  });
});
