import { readFile } from 'node:fs/promises';
import type { CategoryKatResult, RunCategoryKatOptions } from '../category-kat-types.js';
import { KatError } from '../kat-error.js';
import type { KatFileKind } from '../kat-messages.js';
import { runKat } from '../run-kat.js';

const KAT_PACKAGE_KINDS: readonly string[] = ['KAT_2_12', 'KAT_2_23', 'KAT_2_33', 'KAT_Loop'];

/**
 * One KAT file of a category whose records this package's own generator produces
 * (`producedBy: 'kat-package'`: the DRNG message schedule of {@link runKat}); the instance's
 * `digestBits` parameter gives the output length.
 *
 * @throws {@link KatError} `INVALID_ARGUMENT` when the kind is not one the generator writes or the
 *   instance has no whole `digestBits`; the errors of {@link runKat}
 */
export async function katPackageFile(options: RunCategoryKatOptions): Promise<CategoryKatResult> {
  const digestBits = Number(options.parameters?.digestBits);
  if (!KAT_PACKAGE_KINDS.includes(options.kind) || !Number.isInteger(digestBits) || digestBits <= 0) {
    throw new KatError(
      'INVALID_ARGUMENT',
      `runCategoryKat: category ${options.category.id} (kat-package) needs a kind of ${KAT_PACKAGE_KINDS.join(', ')} and a whole parameters.digestBits; got kind ${options.kind}, digestBits ${String(options.parameters?.digestBits)}.`,
    );
  }
  const result = await runKat({
    library: options.library,
    digestBits,
    name: options.instance,
    label: options.instance,
    ...(options.manifest === null ? {} : { manifest: options.manifest }),
    outDir: options.outputDirectory,
    files: [options.kind as KatFileKind],
    ...(options.driverPath === undefined ? {} : { driverPath: options.driverPath }),
    ...(options.timeoutSeconds === undefined ? {} : { timeoutSeconds: options.timeoutSeconds }),
  });
  const file = result.files[0];
  const written = file !== undefined && file.path !== null;
  if (written && (result.verdict === 'PASS' || result.verdict === 'NOKAT' || result.verdict === 'MISMATCH')) {
    const text = await readFile(file.path!, 'utf8');
    return {
      verdict: result.verdict,
      katFilePath: file.path!,
      file: file.file,
      records: options.category.kat.parseFile(options.kind, text).length,
      canonicalSha256: file.canonicalSha256,
      comparedSha256: file.comparedSha256,
      manifestEntry: file.manifestEntry,
    };
  }
  if (result.verdict === 'PASS' || result.verdict === 'NOKAT') {
    throw new KatError('DRIVER_PROTOCOL', `runCategoryKat: ${options.kind} of ${options.instance} was not written.`);
  }
  return {
    verdict: result.verdict,
    file: file?.file ?? `${options.kind}_${options.instance}.txt`,
    records: 0, // the generator reports no partial count
    message: result.detail ?? result.verdict,
  };
}
