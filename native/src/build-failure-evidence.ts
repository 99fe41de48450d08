/**
 * What a failed instance build's output says, beyond "it failed": a symbol the linker found defined
 * twice (a tentative definition, fixed by `-fcommon`), or a system library's header gcc could not
 * find (a Debian package to install).
 */

/**
 * The first symbol `ld` reports as defined twice (`multiple definition of 'drng_algorithm'`), when
 * `-fcommon` is not already among the flags; null otherwise.
 * @example
 * tentativeDefinitionClash("b.c:(.bss+0x0): multiple definition of `drng_algorithm'", '-O2'); // 'drng_algorithm'
 */
export function tentativeDefinitionClash(output: string, flags: string): string | null {
  if (/(^|\s)-fcommon(\s|$)/.test(flags)) return null;
  const found = /multiple definition of [`'‘]([^'’`]+)['’`]/.exec(output);
  return found === null ? null : found[1]!;
}

/** Headers of optional system libraries public-key packages include, with the Debian package that installs each. */
const SYSTEM_HEADERS: readonly { header: RegExp; library: string; debian: string }[] = [
  { header: /^gmp(xx)?\.h$/, library: 'GMP', debian: 'libgmp-dev' },
  { header: /^openssl\//, library: 'OpenSSL', debian: 'libssl-dev' },
  { header: /^mpfr\.h$/, library: 'MPFR', debian: 'libmpfr-dev' },
  { header: /^flint\//, library: 'FLINT', debian: 'libflint-dev' },
  { header: /^NTL\//, library: 'NTL', debian: 'libntl-dev' },
];

/**
 * The sentence a failed build gets when gcc could not find a system library's header
 * (`fatal error: gmp.h: No such file or directory`): the library and the Debian package to install;
 * null when the output names none of them.
 * @example
 * missingSystemLibrary('x.c:3:10: fatal error: gmp.h: No such file or directory');
 * // 'The sources include gmp.h of GMP, which this host lacks: install it (Debian/Ubuntu: sudo apt-get install libgmp-dev) and run again.'
 */
export function missingSystemLibrary(output: string): string | null {
  for (const match of output.matchAll(/fatal error: ([^:\n]+): No such file or directory/g)) {
    const header = match[1]!.trim();
    const known = SYSTEM_HEADERS.find((h) => h.header.test(header));
    if (known !== undefined)
      return `The sources include ${header} of ${known.library}, which this host lacks: install it (Debian/Ubuntu: sudo apt-get install ${known.debian}) and run again.`;
  }
  return null;
}

/** System libraries a library's undefined symbols may come from: the prefix of their symbols, the `-l` name and the Debian package. */
const SYSTEM_LIBRARIES: readonly { symbol: RegExp; link: string; library: string; debian: string }[] = [
  { symbol: /^__gmp[zqfn_]/, link: 'gmp', library: 'GMP', debian: 'libgmp-dev' },
  {
    symbol: /^(EVP_|SHA\d|AES_|BN_|RAND_|HMAC|OPENSSL_|ERR_|EC_|RSA_|CRYPTO_)/,
    link: 'crypto',
    library: 'OpenSSL',
    debian: 'libssl-dev',
  },
  { symbol: /^__?mpfr_|^mpfr_/, link: 'mpfr', library: 'MPFR', debian: 'libmpfr-dev' },
];

/**
 * The system libraries a built library's undefined symbols (`nm -D --undefined-only`) come from,
 * each with the first symbol that says so.
 * @example
 * systemLibrariesOf(['__gmpz_init', 'memcpy']); // [{ link: 'gmp', library: 'GMP', debian: 'libgmp-dev', symbol: '__gmpz_init' }]
 */
export function systemLibrariesOf(undefinedSymbols: readonly string[]) {
  return SYSTEM_LIBRARIES.flatMap((l) => {
    const symbol = undefinedSymbols.find((s) => l.symbol.test(s));
    return symbol === undefined ? [] : [{ link: l.link, library: l.library, debian: l.debian, symbol }];
  });
}
