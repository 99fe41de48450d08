/** Codes of {@link CampaignError}; the CLI maps each to exit code 2 (bad input or unusable environment). */
export type CampaignErrorCode = 'USAGE' | 'HOST_NOT_READY' | 'CANDIDATE_INVALID' | 'BUILD_FAILED' | 'RUN_DIRECTORY';

/**
 * The one error class of `@ngcc-perf/campaign`: bad input (a candidate, a run directory, an
 * option value) or an unusable environment (no compiler, a host that is not ready).
 * The message names the input (file, field or option) and says how to fix it.
 * A misbehaving library under test is never a `CampaignError`: it is a verdict in the record.
 * @example
 * try { await loadCandidate('x'); } catch (e) { if (e instanceof CampaignError) console.error(e.code); }
 */
export class CampaignError extends Error {
  override readonly name = 'CampaignError';
  readonly code: CampaignErrorCode;

  constructor(code: CampaignErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
