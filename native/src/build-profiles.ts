/**
 * The guide's build profiles (guide §3.2, guide §3.2), as gcc flags without `-fPIC -shared`.
 * @example
 * GUIDE_PROFILES.reference; // '-std=c99 -Wpedantic -Wall -Wextra -O2'
 */
export const GUIDE_PROFILES = {
  reference: '-std=c99 -Wpedantic -Wall -Wextra -O2',
  performance: '-O3 -march=x86-64 -mavx2 -mtune=native -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra',
  resource: '-Os -march=x86-64 -mavx2 -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra',
} as const;

/** A guide build profile name; by default it equals the instance's variant. */
export type BuildProfile = keyof typeof GUIDE_PROFILES;

/**
 * The build profile names in the guide's order.
 * @example
 * BUILD_PROFILES[1]; // 'performance'
 */
export const BUILD_PROFILES: readonly BuildProfile[] = ['reference', 'performance', 'resource'];

/**
 * The harness defaults an instance falls back to when its guide profile does not build or does
 * not pass its KATs (@ngcc-perf/intake/docs/CANDIDATE.md "Fallback"): the profile's optimisation level, GNU C11
 * with `_GNU_SOURCE`, no `-march`/`-mavx2`/`-flto` and no pedantic warnings — what most
 * submissions' own Makefiles use. `build.json` then says `flags: "harness-default"` and keeps the
 * guide's result in `guideResult`.
 * @example
 * HARNESS_DEFAULT_PROFILES.performance; // '-std=gnu11 -D_GNU_SOURCE -O3'
 */
export const HARNESS_DEFAULT_PROFILES: { readonly [profile in BuildProfile]: string } = {
  reference: '-std=gnu11 -D_GNU_SOURCE -O2',
  performance: '-std=gnu11 -D_GNU_SOURCE -O3',
  resource: '-std=gnu11 -D_GNU_SOURCE -Os',
};

/**
 * What the report's "build flags" column says (guide §3.2): `guide` when the guide profile built and
 * passed, `harness-default` for the fallback, `prebuilt` for a library the candidate supplied.
 */
export type BuildFlagsKind = 'guide' | 'harness-default' | 'prebuilt';

/**
 * Flags every shared library gets on top of a profile (guide §3.2).
 * @example
 * `${GUIDE_PROFILES.reference} ${SHARED_LIBRARY_FLAGS}`; // the reference build's full flags
 */
export const SHARED_LIBRARY_FLAGS = '-fPIC -shared';

/**
 * The gcc flags of a profile, without `-fPIC -shared`.
 * @param profile - `reference`, `performance` or `resource`
 * @param kind - `guide` (guide §3.2) or `harness-default` (the fallback)
 * @example
 * profileFlags('reference', 'harness-default'); // '-std=gnu11 -D_GNU_SOURCE -O2'
 */
export function profileFlags(profile: BuildProfile, kind: Exclude<BuildFlagsKind, 'prebuilt'>): string {
  return kind === 'guide' ? GUIDE_PROFILES[profile] : HARNESS_DEFAULT_PROFILES[profile];
}
