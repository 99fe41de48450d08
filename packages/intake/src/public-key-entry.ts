import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import { iccsHeadersDirectory } from '@ngcc-perf/native';
import type { CategoryRegistry } from '@ngcc-perf/category';
import type { LinkInstanceSourcesOptions } from './link-closure.js';

/** A category an instance header without `DIGEST_BIT_LENGTH` may be: its registry id and the API symbols its library defines. */
export interface CategoryChoice {
  id: string;
  /** Every function a library of it defines (the category's `api.symbols`). */
  symbols: readonly string[];
}

/**
 * What the program a public-key library is loaded into provides (the official NGCC public-key KAT programs define
 * `drng_algorithm`; the DRNG functions and the placeholder primitives come with the official
 * files). The driver provides each one the instance does not define itself.
 */
export const DRIVER_PROVIDED_SYMBOLS: readonly string[] = [
  'drng_algorithm',
  'init_random_number',
  'get_random_number',
  'sm3hash',
  'pseudohash',
  'pseudoXOF',
];

/** How candidate.json names ngcc-perf's own declarations of the official `drng.h` and `auxfunc.h` in `includeDirs`. */
export const ICCS_HEADERS_TOKEN = '@ngcc-perf/iccs-headers';

/**
 * The ICCS DRNG functions: a source defining them (a copy of `drng.c`, a NIST-style `rng.c` made
 * to answer them) would replace the DRNG that generated the official KAT files, so it is left out.
 */
export const DRNG_FUNCTIONS: readonly string[] = ['init_random_number', 'get_random_number'];

/**
 * The categories of a registry other than hash, as {@link CategoryChoice}s.
 * @example
 * categoryChoices(registryWith(KEM_CATEGORY)); // [{ id: 'kem', symbols: ['kem_keygen', …] }]
 */
export function categoryChoices(registry: CategoryRegistry): CategoryChoice[] {
  return registry
    .list()
    .filter((c) => c.id !== 'hash')
    .map((c) => ({ id: c.id, symbols: c.api.symbols }));
}

/** The non-hash categories of the built-in registry (`@ngcc-perf/categories`). */
export function builtInPublicKeyCategories(): CategoryChoice[] {
  return categoryChoices(BUILT_IN_REGISTRY);
}

/** How discovery links and names a public-key instance: its entry symbols, the symbols the driver provides, and its category by nm. */
export interface PublicKeyEntry {
  linkOptions: Pick<
    LinkInstanceSourcesOptions,
    'missingEntry' | 'providedSymbols' | 'replacedByDriver' | 'officialHeaders'
  >;
  /** The category whose every API symbol the linked objects define, or null. */
  decide(defined: readonly string[]): string | null;
  /** Why an instance with this header is not measured (symbols left undefined, or no complete API). */
  unresolvedReason(
    unresolved: readonly string[],
    ownCode: boolean,
    refused?: readonly { file: string; error: string }[],
  ): string;
}

/**
 * The link rules of a public-key instance header: the objects must define every API function of
 * one category (the one they define most of; until they define any, a source defining any API
 * function of any category is looked for); the driver's ICCS symbols are never looked for; a file
 * defining the DRNG functions is left out.
 * @param categories - the categories to choose among (ids and API symbols)
 * @example
 * publicKeyEntry([{ id: 'kem', symbols: ['kem_keygen', 'kem_enc', 'kem_dec'] }]).decide(['kem_keygen', 'kem_enc', 'kem_dec']); // 'kem'
 */
export function publicKeyEntry(categories: readonly CategoryChoice[]): PublicKeyEntry {
  const every = [...new Set(categories.flatMap((c) => c.symbols))];
  const missingEntry = (defined: ReadonlySet<string>): string[] => {
    const scored = categories
      .map((c) => ({ c, have: c.symbols.filter((s) => defined.has(s)).length }))
      .sort((a, b) => b.have - a.have);
    const best = scored[0];
    if (best === undefined) return ['ALGORITHM_INSTANCE API'];
    if (best.have === 0) return every;
    return best.c.symbols.filter((s) => !defined.has(s));
  };
  return {
    linkOptions: {
      missingEntry,
      providedSymbols: DRIVER_PROVIDED_SYMBOLS,
      replacedByDriver: DRNG_FUNCTIONS,
      officialHeaders: { token: ICCS_HEADERS_TOKEN, directory: iccsHeadersDirectory(), names: ['drng.h', 'auxfunc.h'] },
    },
    decide(defined) {
      const set = new Set(defined);
      const complete = categories.filter((c) => c.symbols.every((s) => set.has(s)));
      return complete.length === 1 ? complete[0]!.id : null;
    },
    unresolvedReason(unresolved, ownCode, refused = []) {
      if (refused.length > 0)
        return `its own sources do not compile here, so nm cannot tell its category (${refused
          .slice(0, 2)
          .map((r) => r.error)
          .join('; ')}${refused.length > 2 ? `; and ${refused.length - 2} more` : ''})`;
      if (categories.length === 0)
        return 'its header defines ALGORITHM_INSTANCE without DIGEST_BIT_LENGTH (a public-key instance header), and no public-key category (KEM, signature, key exchange) is registered to measure it';
      const names = categories.map((c) => c.id).join(', ');
      const apiMissing = unresolved.filter((u) => every.includes(u));
      if (apiMissing.length === every.length)
        return `no source of the package compiles to objects defining the official API of a category (${names}) for this instance header (checked with nm)${ownCode ? '' : '; its folder holds no algorithm code of its own'}`;
      if (apiMissing.length > 0)
        return `its objects define part of an official public-key API and no source of the package defines ${apiMissing.join(', ')} (checked with nm)`;
      if (unresolved.length > 0)
        return `the linker leaves ${unresolved.join(', ')} undefined and no source of the package defines ${unresolved.length === 1 ? 'it' : 'them'} (checked with nm); list the missing sources in candidate.json "sources"`;
      return `its objects define the complete API of no single category (${names}): none, or more than one; write candidate.json by hand with its "category"`;
    },
  };
}
