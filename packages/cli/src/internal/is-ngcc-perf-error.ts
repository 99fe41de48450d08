import { CliError } from '../cli-error.js';

/** An error of one of the ngcc-perf packages: bad input or an unusable environment, with a typed `code`. */
export type NgccPerfError = Error & { code: string };

/**
 * The error classes of every package the CLI calls, loaded only when an error reached the top:
 * the commands load their packages lazily, and start-up must not pay for all of them.
 */
async function packageErrorClasses(): Promise<Array<abstract new (...args: never[]) => Error>> {
  // One after another: concurrent dynamic imports of shared dependencies race in jest's ESM loader.
  const kat = await import('@ngcc-perf/kat');
  const timing = await import('@ngcc-perf/timing');
  const elfSize = await import('@ngcc-perf/elf-size');
  const rss = await import('@ngcc-perf/rss');
  const report = await import('@ngcc-perf/report');
  const stats = await import('@ngcc-perf/stats');
  const ct = await import('@ngcc-perf/ct');
  const native = await import('@ngcc-perf/native');
  const intake = await import('@ngcc-perf/intake');
  const campaign = await import('@ngcc-perf/campaign');
  const anchorImport = await import('@ngcc-perf/anchor-import');
  const category = await import('@ngcc-perf/category');
  return [
    CliError,
    kat.KatError,
    timing.TimingError,
    elfSize.ElfSizeError,
    rss.RssError,
    report.ReportError,
    stats.StatsError,
    ct.CtError,
    native.NativeError,
    intake.IntakeError,
    campaign.CampaignError,
    anchorImport.ImportError,
    category.CategoryError,
  ];
}

/**
 * Whether `error` is an instance of one of the packages' error classes (`KatError`,
 * `TimingError`, `ElfSizeError`, `RssError`, `ReportError`, `StatsError`, `CtError`, `NativeError`,
 * `IntakeError`, `CampaignError`, `ImportError`, `CategoryError`, `CliError`). Told apart by class, never by shape: Node's own errors (an `ENOENT` has a string
 * `code` and a name ending in "Error") are not bad input.
 *
 * @param error - whatever was thrown.
 * @returns true for an error of an ngcc-perf package.
 * @example
 * if (await isNgccPerfError(error)) io.stderr(`ngcc-perf: ${error.message}\n`);
 */
export async function isNgccPerfError(error: unknown): Promise<boolean> {
  if (!(error instanceof Error)) return false;
  if (error instanceof CliError) return true;
  const classes = await packageErrorClasses();
  return classes.some((errorClass) => error instanceof errorClass);
}
