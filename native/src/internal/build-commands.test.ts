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
