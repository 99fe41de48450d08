// A campaign records the sandbox candidate code ran in (issue 8): campaign.json `sandbox` is what
// `ngcc-perf-driver info` reports, the method page says it in a sentence, and a sandbox that is
// off (asked for) or unavailable is a host problem — recorded in every record and page when off,
// refused outright when unavailable (@ngcc-perf/record/docs/RUN-DIRECTORY.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { tinyPlanArguments, readJson, repositoryRoot, runCli } from './campaign-support.js';
import { driverWithEnvironment } from './fault-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const sm3 = path.join(repositoryRoot, 'native', 'examples', 'sm3');
const tiny = tinyPlanArguments();
const savedDriver = process.env.NGCC_PERF_DRIVER;

interface Campaign {
  sandbox?: { mode: string; reason?: string; problem: string | null; maxMemoryBytes?: number | null };
  hostProblems: Array<{ code: string; message: string }>;
  hostChecks: Array<{ sandbox?: string | null }>;
}

let work: string;
/** Drivers whose environment fixes the sandbox (jest's process.env copy does not reach every spawned driver). */
const drivers = { sandboxed: '', off: '', noBwrap: '' };

/** Runs `ngcc-perf run` on the bundled SM3 with this driver. */
async function runWith(driver: string, out: string, extra: string[] = []) {
  process.env.NGCC_PERF_DRIVER = driver;
  return runCli(['run', sm3, '--out', out, ...tiny, ...extra]);
}

function infoSandbox(driver: string): { mode: string; reason?: string } {
  return (
    JSON.parse(execFileSync(driver, ['info'], { encoding: 'utf8' })) as { sandbox: { mode: string; reason?: string } }
  ).sandbox;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'ngcc-campaign-sandbox-'));
  process.env.NGCC_PERF_DRIVER = savedDriver;
  drivers.sandboxed = driverWithEnvironment(work, 'driver-sandboxed', {});
  drivers.off = driverWithEnvironment(work, 'driver-off', { NGCC_PERF_NO_SANDBOX: '1' });
  // bwrap insisted on, and none on PATH: `info` says unavailable (native/PROTOCOL.md "Sandbox").
  drivers.noBwrap = driverWithEnvironment(work, 'driver-no-bwrap', {
    PATH: '/nonexistent',
    NGCC_PERF_SANDBOX: 'bwrap',
  });
});

afterAll(async () => {
  process.env.NGCC_PERF_DRIVER = savedDriver;
  await rm(work, { recursive: true, force: true });
});

describe('the sandbox of a campaign', () => {
  it(
    'no sandbox to enter: refused even with --allow-unfixed-host, before any build; a later start in a sandbox measures, and records that one',
    async () => {
      const out = path.join(work, 'sandboxed');
      expect(infoSandbox(drivers.noBwrap)).toEqual({
        mode: 'unavailable',
        requested: 'bwrap',
        reason: 'NGCC_PERF_SANDBOX=bwrap, but no bwrap on PATH',
        bwrap: null,
      });
      const refused = await runWith(drivers.noBwrap, out, ['--allow-unfixed-host']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        'no sandbox can be entered for candidate code (NGCC_PERF_SANDBOX=bwrap, but no bwrap on PATH)',
      );
      expect(refused.stderr).toContain('--no-sandbox');
      const first = await readJson<Campaign>(path.join(out, 'campaign.json'));
      expect(first.sandbox).toEqual({
        mode: 'unavailable',
        requested: 'bwrap',
        reason: 'NGCC_PERF_SANDBOX=bwrap, but no bwrap on PATH',
        problem: 'sandbox-unavailable',
      });
      const unavailable = first.hostProblems.filter((p) => p.code === 'sandbox-unavailable');
      expect(unavailable).toHaveLength(1);
      expect(unavailable[0]?.message).toMatch(
        /^sandbox UNAVAILABLE \(NGCC_PERF_SANDBOX=bwrap, but no bwrap on PATH\): /,
      );
      expect(existsSync(path.join(out, 'build.json'))).toBe(false);

      // The same directory, resumed with the default sandbox.
      const expected = infoSandbox(drivers.sandboxed);
      const result = await runWith(drivers.sandboxed, out, ['--allow-unfixed-host']);
      const campaign = await readJson<Campaign>(path.join(out, 'campaign.json'));
      if (expected.mode === 'unavailable') {
        expect(result.code).toBe(2); // a host with no sandbox at all: nothing more to check
        return;
      }
      expect(result.code).toBe(0);
      expect(campaign.sandbox?.mode).toBe(expected.mode);
      expect(campaign.sandbox?.problem).toBe(expected.mode === 'off' ? 'sandbox-off' : null);
      expect(campaign.hostChecks.map((check) => check.sandbox)).toEqual(['unavailable', expected.mode]);
      expect(campaign.hostProblems.filter((p) => p.code === 'sandbox-unavailable')).toEqual([]);
      const record = await readJson<Pick<Campaign, 'hostProblems'>>(
        path.join(out, 'records', 'example-sm3', 'sm3__hash_32.json'),
      );
      expect(record.hostProblems).toEqual(campaign.hostProblems);
      const method = readFileSync(path.join(out, 'reports', 'method_x86_9.md'), 'utf8');
      const sentence = {
        bwrap: 'ran in a bubblewrap sandbox (`bwrap`): no network, a read-only filesystem',
        unshare: 'ran in the driver’s own namespace sandbox (`unshare`): no network',
        off: 'ran WITHOUT a sandbox',
      }[expected.mode];
      expect(method).toContain(sentence);
      expect((await runCli(['validate', out])).code).toBe(0);
    },
    pacedMilliseconds(300_000),
  );

  it(
    'NGCC_PERF_NO_SANDBOX=1: campaign.json, the host problems, every record and the pages say so; it alone does not refuse the run',
    async () => {
      const out = path.join(work, 'off');
      const reason = 'NGCC_PERF_NO_SANDBOX is set';
      expect(infoSandbox(drivers.off)).toEqual({
        mode: 'off',
        requested: 'off',
        network: 'host',
        filesystem: 'host',
        reason,
      });
      const allow = process.env.NGCC_PERF_ALLOW_UNFIXED_HOST;
      delete process.env.NGCC_PERF_ALLOW_UNFIXED_HOST; // jest.setup-env.js sets it for every test
      const gated = await runWith(drivers.off, out).finally(() => {
        if (allow !== undefined) process.env.NGCC_PERF_ALLOW_UNFIXED_HOST = allow;
      });
      const atGate = await readJson<Campaign>(path.join(out, 'campaign.json'));
      const off = atGate.hostProblems.find((p) => p.code === 'sandbox-off')?.message;
      expect(off).toMatch(
        /^sandbox OFF \(NGCC_PERF_NO_SANDBOX is set\): candidate code ran outside the driver's sandbox/,
      );
      if (atGate.hostProblems.length === 1) {
        expect(gated.code).toBe(0); // a tuned host: the sandbox being off is no reason to refuse
      } else {
        // Refused for the host's other problems, which are counted and listed without the sandbox one.
        expect(gated.code).toBe(2);
        expect(gated.stderr).toContain(`the host check found ${atGate.hostProblems.length - 1} problem(s)`);
        expect(gated.stderr).toContain(`Recorded, not refused: ${off}.`);
        expect(gated.stderr).not.toContain(`  - ${off}`);
        expect((await runWith(drivers.off, out, ['--allow-unfixed-host'])).code).toBe(0);
      }
      const campaign = await readJson<Campaign>(path.join(out, 'campaign.json'));
      expect(campaign.sandbox).toEqual({
        mode: 'off',
        requested: 'off',
        network: 'host',
        filesystem: 'host',
        reason,
        problem: 'sandbox-off',
      });
      expect(campaign.hostProblems).toContainEqual({ code: 'sandbox-off', message: off });
      const record = await readJson<Pick<Campaign, 'hostProblems'>>(
        path.join(out, 'records', 'example-sm3', 'sm3__hash_32.json'),
      );
      expect(record.hostProblems).toContainEqual({ code: 'sandbox-off', message: off });
      const method = readFileSync(path.join(out, 'reports', 'method_x86_9.md'), 'utf8');
      expect(method).toContain(
        `⚠ Candidate code ran WITHOUT a sandbox (${reason}): every KAT, calibration, timing and memory process ran the library with the full rights of the user who ran the campaign`,
      );
      for (const page of ['method_x86_9.md', 'summary_x86_9.md', path.join('example-sm3', 'perf_x86_9.md')]) {
        expect({
          page,
          says: readFileSync(path.join(out, 'reports', page), 'utf8').includes(`sandbox OFF (${reason})`),
        }).toEqual({ page, says: true });
      }
      expect((await runCli(['validate', out])).code).toBe(0);
    },
    pacedMilliseconds(300_000),
  );
});
