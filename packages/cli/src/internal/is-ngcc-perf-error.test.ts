import { describe, expect, it } from '@jest/globals';
import { CtError } from '@ngcc-perf/ct';
import { NativeError } from '@ngcc-perf/native';
import { readFile } from 'node:fs/promises';
import { CampaignError } from '@ngcc-perf/campaign';
import { IntakeError } from '@ngcc-perf/intake';
import { ImportError } from '@ngcc-perf/anchor-import';
import { KatError } from '@ngcc-perf/kat';
import { ReportError } from '@ngcc-perf/report';
import { TimingError } from '@ngcc-perf/timing';
import { CliError } from '../cli-error.js';
import { isNgccPerfError } from './is-ngcc-perf-error.js';

async function nodeError(): Promise<Error> {
  try {
    await readFile('/nonexistent/ngcc-perf/campaign.json');
  } catch (error) {
    return error as Error;
  }
  throw new Error('reading a missing file did not fail');
}

describe('isNgccPerfError (errors told apart by class)', () => {
  it("recognises the packages' error classes", async () => {
    expect(await isNgccPerfError(new CliError('USAGE', 'bad option'))).toBe(true);
    expect(await isNgccPerfError(new KatError('MANIFEST_FIELD_COUNT', 'kat.sha256 line 1'))).toBe(true);
    expect(await isNgccPerfError(new TimingError('INVALID_OPTIONS', 'trials is 0'))).toBe(true);
    expect(await isNgccPerfError(new ReportError('INVALID_NUMBER', 'no trial'))).toBe(true);
    expect(await isNgccPerfError(new CampaignError('RUN_DIRECTORY', 'locked'))).toBe(true);
    expect(await isNgccPerfError(new IntakeError('ARCHIVE_UNSAFE', 'x.zip: a link'))).toBe(true);
    expect(await isNgccPerfError(new ImportError('DIGEST_MISMATCH', 'kat/a/b.log'))).toBe(true);
    expect(await isNgccPerfError(new CtError('INVALID_ARGUMENT', 'digestBits 12'))).toBe(true);
    expect(await isNgccPerfError(new NativeError('MISSING_TOOLS', 'no cmake'))).toBe(true);
  });

  it('does not take Node\'s ENOENT for bad input, although its name ends in "Error" and its code is a string', async () => {
    const error = await nodeError();
    expect((error as NodeJS.ErrnoException).code).toBe('ENOENT');
    expect(error.name.endsWith('Error')).toBe(true);
    expect(await isNgccPerfError(error)).toBe(false);
  });

  it('does not take a look-alike class for one of ours', async () => {
    class LookAlikeError extends Error {
      override readonly name = 'LookAlikeError';
      readonly code = 'RUN_DIRECTORY';
    }
    expect(await isNgccPerfError(new LookAlikeError('not ours'))).toBe(false);
    expect(await isNgccPerfError('a string')).toBe(false);
  });
});
