/** The guide's build profiles (guide §3.2, SPEC §3), as gcc flags without `-fPIC -shared`. */
export const GUIDE_PROFILES = {
  reference: '-std=c99 -Wpedantic -Wall -Wextra -O2',
  performance: '-O3 -march=x86-64 -mavx2 -mtune=native -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra',
  resource: '-Os -march=x86-64 -mavx2 -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra',
} as const;

/** A guide build profile name; it equals the candidate's variant. */
export type BuildProfile = keyof typeof GUIDE_PROFILES;

/** Flags every shared library gets on top of a profile (SPEC §3). */
export const SHARED_LIBRARY_FLAGS = '-fPIC -shared';
