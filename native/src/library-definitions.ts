import { execa } from 'execa';

/**
 * What a built library's own symbol table (`nm --defined-only`, the linker's `.symtab`, not only the
 * exported `.dynsym`) says it defines: `read` with every defined symbol's name (local `t` ones too, a
 * compiler's clone suffix such as `.isra.0` cut off); `stripped` when the library has no symbol table;
 * `unavailable` when `nm` could not read it (`detail` says why).
 */
export type LibraryDefinitions =
  { status: 'read'; defined: ReadonlySet<string> } | { status: 'stripped' | 'unavailable'; detail: string };

/**
 * The functions and data a shared library defines, exported or not (a `static` function or one of
 * hidden visibility is a local `t` symbol), from `nm --defined-only --format=posix`. A function the
 * compiler inlined everywhere leaves no symbol, so an absent name is no proof that the code is absent.
 * @param library - the library file
 * @returns {@link LibraryDefinitions}; never throws (no `nm`, an unreadable file: `unavailable`)
 * @example
 * ```ts
 * const found = await readLibraryDefinitions('lib/kem-1/libToy.so');
 * if (found.status === 'read' && found.defined.has('sm3hash')) console.log('defines sm3hash');
 * ```
 */
export async function readLibraryDefinitions(library: string): Promise<LibraryDefinitions> {
  const listed = await execa('nm', ['--defined-only', '--format=posix', library], { reject: false }).catch(
    (error: unknown) => ({
      exitCode: null,
      stdout: '',
      stderr: error instanceof Error ? error.message : String(error),
    }),
  );
  const stderr = String(listed.stderr).trim();
  if (listed.exitCode !== 0) return { status: 'unavailable', detail: stderr || `nm ended with ${listed.exitCode}` };
  const defined = new Set<string>();
  for (const line of String(listed.stdout).split('\n')) {
    const [name, type] = line.split(' ');
    if (name && type && type !== 'U') defined.add(name.replace(/@.*$/, '').replace(/\..*$/, ''));
  }
  if (defined.size === 0 && /no symbols/.test(stderr))
    return { status: 'stripped', detail: 'the library has no symbol table (stripped)' };
  return { status: 'read', defined };
}
