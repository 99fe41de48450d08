import type { ExcludedSource } from './discovery-types.js';
import type { ObjectSymbols } from './object-symbols.js';
import { PREBUILT_FILE } from './prebuilt-objects.js';

/** How an added source's reason says it was shipped prebuilt: '' for a compiled source. */
export function prebuiltNote(symbols: ObjectSymbols): string {
  if (symbols.prebuilt === undefined) return '';
  return symbols.prebuilt.kind === 'archive'
    ? ' (a static archive the package ships, linked whole)'
    : ' (a prebuilt object the package ships, linked as it is)';
}

/** Options of {@link prebuiltLeftOut}. */
export interface PrebuiltLeftOutOptions {
  /** The package files the closure could have taken and did not (relative, with their folders). */
  pool: readonly { file: string; folder: string }[];
  /** The instance folder, relative to the package. */
  folder: string;
  /** Reads a file's symbols (a prebuilt file: nm and its ELF header). */
  read(file: string): Promise<ObjectSymbols>;
  /** What the instance's library defines, leaves unresolved or must define (its entry symbols). */
  needed: ReadonlySet<string>;
}

/**
 * The prebuilt objects and archives the link closure left out, each with why: one built for another
 * machine (its ELF header) or one defining `main`, when it defines a symbol the instance's library
 * defines or needs (the other machine's copy of a function the host's object gives); and every
 * other prebuilt file of the instance folder itself, so that each file there is explained.
 * @example
 * await prebuiltLeftOut({ pool, folder: 'Ref/toy', read, needed: new Set(['kem_enc']) });
 * // [{ file: 'Ref/toy/core-aarch64.o', reason: 'built for AArch64 (ELF64, little-endian) … ' }]
 */
export async function prebuiltLeftOut(options: PrebuiltLeftOutOptions): Promise<ExcludedSource[]> {
  const left: ExcludedSource[] = [];
  for (const { file, folder } of options.pool) {
    if (!PREBUILT_FILE.test(file)) continue;
    const own = folder === options.folder;
    const symbols = await options.read(file);
    const shipped = symbols.prebuilt;
    if (shipped === undefined) continue;
    const relevant = symbols.defined.some((s) => s !== 'main' && options.needed.has(s));
    if (!symbols.compiled) {
      if (own) left.push({ file, reason: `cannot be read (${symbols.error ?? 'nm refused it'})` });
    } else if (shipped.foreign !== null) {
      if (own || relevant) left.push({ file, reason: shipped.foreign as `built for ${string}` });
    } else if (symbols.defined.includes('main')) {
      if (own || relevant)
        left.push(
          shipped.kind === 'archive'
            ? {
                file,
                reason: `its member${shipped.mainMembers.length === 1 ? '' : 's'} ${shipped.mainMembers.join(', ')} define${shipped.mainMembers.length === 1 ? 's' : ''} main (a program; the archive is linked whole or not at all)`,
              }
            : { file, reason: 'defines main' },
        );
    } else if (own) {
      const twice = symbols.defined.filter((s) => options.needed.has(s));
      left.push({
        file,
        reason:
          twice.length > 0
            ? `a prebuilt ${shipped.kind} defining ${twice.slice(0, 4).join(', ')}, which the instance's other objects already define (nm)`
            : `a prebuilt ${shipped.kind} defining nothing the instance's objects leave undefined (nm)`,
      });
    }
  }
  return left;
}
