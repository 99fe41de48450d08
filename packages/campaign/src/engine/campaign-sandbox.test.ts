import { describe, expect, it } from '@jest/globals';
import { hostProblemFromSentence } from '@ngcc-perf/record';
import { mergeSandboxes, recordSandbox, sandboxProblem } from './campaign-sandbox.js';

// What `ngcc-perf-driver info` reports on this kind of host (native/PROTOCOL.md "Sandbox").
const BWRAP_INFO = {
  mode: 'bwrap' as const,
  requested: 'auto',
  network: 'none',
  filesystem: 'read-only except scratch',
  scratch: '/tmp/ngcc-perf-scratch',
  scratchBytes: 67108864,
  noNewPrivs: true,
  seccomp: 'x86_64',
  maxMemoryBytes: 4294967296,
  cpuSeconds: 3600,
  openFiles: 256,
  coreBytes: 0,
  bwrap: '/usr/bin/bwrap',
};
const OFF_INFO = {
  mode: 'off' as const,
  requested: 'off',
  network: 'host',
  filesystem: 'host',
  reason: 'NGCC_PERF_NO_SANDBOX is set',
};

describe('the sandbox of a campaign (campaign.json `sandbox`)', () => {
  it('keeps the mode and the limits, drops the scratch and bwrap paths (no temp path in the evidence)', () => {
    expect(recordSandbox(BWRAP_INFO, '/runs/x')).toEqual({
      mode: 'bwrap',
      requested: 'auto',
      network: 'none',
      filesystem: 'read-only except scratch',
      scratchBytes: 67108864,
      noNewPrivs: true,
      seccomp: 'x86_64',
      maxMemoryBytes: 4294967296,
      cpuSeconds: 3600,
      openFiles: 256,
      coreBytes: 0,
      problem: null,
    });
  });

  it('off is the sandbox-off problem; its sentence says why and that it was not refused', () => {
    const off = recordSandbox(OFF_INFO, '/runs/x');
    expect(off).toEqual({ ...OFF_INFO, problem: 'sandbox-off' });
    const problem = sandboxProblem(off);
    expect(problem?.code).toBe('sandbox-off');
    expect(problem?.message).toMatch(
      /^sandbox OFF \(NGCC_PERF_NO_SANDBOX is set\): candidate code ran outside the driver's sandbox, .* recorded but not refused/,
    );
    expect(problem?.code).toBe('sandbox-off');
    // A run directory that stored the sentence alone (before the codes) still reads as its code.
    expect(hostProblemFromSentence(problem!.message).code).toBe('sandbox-off');
    expect(sandboxProblem(recordSandbox(BWRAP_INFO, '/runs/x'))).toBeNull();
  });

  it('unavailable is the sandbox-unavailable problem; paths in its reason are made portable', () => {
    const info = {
      mode: 'unavailable' as const,
      requested: 'auto',
      reason:
        'cannot create the scratch mount point /tmp/ngcc-perf-scratch: Permission denied; /opt/bw/bwrap exited with code 1',
      bwrap: '/opt/bw/bwrap',
    };
    const unavailable = recordSandbox(info, '/runs/x');
    expect(unavailable.reason).toBe(
      'cannot create the scratch mount point <tmp>/ngcc-perf-scratch: Permission denied; bwrap exited with code 1',
    );
    expect(unavailable.problem).toBe('sandbox-unavailable');
    expect(sandboxProblem(unavailable)?.code).toBe('sandbox-unavailable');
    expect(hostProblemFromSentence(sandboxProblem(unavailable)!.message).code).toBe('sandbox-unavailable');
    expect(
      hostProblemFromSentence('no hardware cycle counter (perf_event_open failed): cycles are TSC ticks').code,
    ).toBe('uncoded');
  });

  it('over several starts the least confining sandbox wins; a refused start (unavailable) gives way', () => {
    const bwrap = recordSandbox(BWRAP_INFO, '/r');
    const unshare = recordSandbox({ ...BWRAP_INFO, mode: 'unshare' }, '/r');
    const off = recordSandbox(OFF_INFO, '/r');
    const unavailable = recordSandbox({ mode: 'unavailable', reason: 'no user namespaces' }, '/r');
    expect(
      [
        mergeSandboxes(undefined, bwrap),
        mergeSandboxes(bwrap, off),
        mergeSandboxes(off, bwrap),
        mergeSandboxes(bwrap, unshare),
        mergeSandboxes(unavailable, bwrap),
        mergeSandboxes(bwrap, unavailable),
        mergeSandboxes(unavailable, unavailable),
      ].map((s) => s.mode),
    ).toEqual(['bwrap', 'off', 'off', 'bwrap', 'bwrap', 'bwrap', 'unavailable']);
  });
});
