import { describe, expect, it } from '@jest/globals';
import { summarizeBuildFailure } from './build-evidence.js';

describe('summarizeBuildFailure', () => {
  it('keeps the linker’s reason, not only collect2’s "ld returned 1 exit status"', () => {
    const message = [
      'building instance Toy failed (cmake --build exited 2):',
      "/usr/bin/ld: CMakeFiles/toy.dir/toy_b.c.o: in function `toy_round':",
      "toy_b.c:(.text+0x0): multiple definition of `toy_round'; CMakeFiles/toy.dir/toy_a.c.o:toy_a.c:(.text+0x0): first defined here",
      'collect2: error: ld returned 1 exit status',
      'gmake[2]: *** [CMakeFiles/toy.dir/build.make:97: libtoy.so] Error 1',
    ].join('\n');
    const summary = summarizeBuildFailure(message, '/tmp/pkg');
    expect(summary).toContain("multiple definition of `toy_round'");
    expect(summary).toContain('collect2: error: ld returned 1 exit status');
    expect(summary).not.toContain('gmake');
  });

  it('names an undefined reference', () => {
    const summary = summarizeBuildFailure(
      "building instance Toy failed (x):\n/usr/bin/ld: toy.c.o: in function `CryptHash':\ntoy.c:(.text+0x9): undefined reference to `toy_round'\ncollect2: error: ld returned 1 exit status",
      '/tmp/pkg',
    );
    expect(summary.split(' | ')[0]).toContain("undefined reference to `toy_round'");
  });
});
