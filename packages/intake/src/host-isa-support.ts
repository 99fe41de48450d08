import { readFileSync } from 'node:fs';
import type { IsaName } from './implementation-version.js';

/** What the host can run: its architecture and, on x86-64, its CPU flags from /proc/cpuinfo. */
export interface HostIsa {
  /** `process.arch`: `x64`, `arm64`, … */
  arch: string;
  /** CPU feature flags (`avx2`, `avx512f`, …); empty when unknown. */
  cpuFlags: readonly string[];
}

/**
 * Reads this host's architecture and CPU flags (the first `flags` line of /proc/cpuinfo; none when
 * it cannot be read).
 * @example
 * readHostIsa().cpuFlags.includes('avx2');
 */
export function readHostIsa(): HostIsa {
  let cpuFlags: string[] = [];
  try {
    const line = /^(flags|Features)\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    cpuFlags = line ? line[2]!.trim().split(/\s+/) : [];
  } catch {
    cpuFlags = [];
  }
  return { arch: process.arch, cpuFlags };
}

/**
 * Why this host cannot run code written for `isa`, or null when it can. An x86 ISA needs an
 * x86-64 host with the feature flag (`avx2`, `avx512f`, `sse4_1`); ARMv8/NEON needs an arm64
 * host; ASIC folders hold hardware descriptions, never run.
 * @example
 * isaSkipReason('ARMv8', { arch: 'x64', cpuFlags: [] }); // 'written for ARMv8; this host is x86-64'
 */
export function isaSkipReason(isa: IsaName | null, host: HostIsa): string | null {
  const hostName = host.arch === 'x64' ? 'x86-64' : host.arch === 'arm64' ? 'AArch64' : host.arch;
  switch (isa) {
    case null:
      return null;
    case 'ASIC':
      return 'a hardware description (ASIC), not software the CryptHash API can run';
    case 'ARMv8':
    case 'NEON':
      return host.arch === 'arm64' ? null : `written for ${isa}; this host is ${hostName}`;
    default: {
      if (host.arch !== 'x64') return `written for ${isa} (x86-64); this host is ${hostName}`;
      const flag = isa === 'AVX-512' ? 'avx512f' : isa === 'AVX2' ? 'avx2' : 'sse4_1';
      return host.cpuFlags.includes(flag) ? null : `needs ${isa} (CPU flag ${flag}); this host's CPU does not have it`;
    }
  }
}
