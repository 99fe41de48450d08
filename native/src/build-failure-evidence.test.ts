import { describe, expect, it } from '@jest/globals';
import { missingSystemLibrary, systemLibrariesOf, tentativeDefinitionClash } from './build-failure-evidence.js';

describe('build failure evidence', () => {
  it('names the symbol ld found twice, unless -fcommon is already given', () => {
    const output =
      "/usr/bin/ld: b.o:(.bss+0x0): multiple definition of `drng_algorithm'; a.o:(.bss+0x0): first defined here";
    expect(tentativeDefinitionClash(output, '-std=c99 -O2')).toBe('drng_algorithm');
    expect(tentativeDefinitionClash(output, '-std=c99 -O2 -fcommon')).toBeNull();
    expect(tentativeDefinitionClash("undefined reference to `x'", '-O2')).toBeNull();
  });

  it('names the Debian package of a missing GMP or OpenSSL header, and nothing for a header of the package', () => {
    expect(missingSystemLibrary('poly.c:3:10: fatal error: gmp.h: No such file or directory')).toMatch(
      /gmp\.h of GMP, which this host lacks: install it \(Debian\/Ubuntu: sudo apt-get install libgmp-dev\)/,
    );
    expect(missingSystemLibrary('x.c:1:10: fatal error: openssl/evp.h: No such file or directory')).toMatch(
      /libssl-dev/,
    );
    expect(missingSystemLibrary('x.c:1:10: fatal error: params.h: No such file or directory')).toBeNull();
  });

  it('tells the system libraries a library calls by its undefined symbols', () => {
    expect(systemLibrariesOf(['memcpy', '__gmpz_init', 'EVP_DigestInit_ex']).map((l) => [l.link, l.symbol])).toEqual([
      ['gmp', '__gmpz_init'],
      ['crypto', 'EVP_DigestInit_ex'],
    ]);
    expect(systemLibrariesOf(['memcpy', 'get_random_number'])).toEqual([]);
  });
});
