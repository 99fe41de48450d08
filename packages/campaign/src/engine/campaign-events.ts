import type { HostProblem } from '@ngcc-perf/record';
import type { KatVerdict } from '@ngcc-perf/kat';
import type { BuildFlagsKind } from '@ngcc-perf/native';
import type { CampaignPhase, GuideResult } from './campaign-types.js';

/** One planned operation (instance × message size, or an operation of another category) with the seconds its plan expects. */
export interface PlannedOperation {
  candidate: string;
  instance: string;
  messageBytes: number;
  /** The operation's label for a category other than hash (`operations.label`: `eval 16 B`, `enc`); absent for hash operations, which `messageBytes` names. */
  operation?: string;
  /** Wall seconds the plan expects (trials, warm-ups and process start-up); null when not calibrated. */
  estimatedSeconds: number | null;
  /** True when its record is already complete. */
  done: boolean;
}

/**
 * What a campaign reports while it works (`--json` prints each as one JSON line; the progress
 * bar and the plain log render them). Units are in the field names.
 */
export type CampaignEvent =
  | {
      event: 'phase';
      phase: CampaignPhase;
      status: 'start' | 'done' | 'skipped';
      /** Items the phase goes through (CPUs, instances, operations, candidates), when known. */
      total: number | null;
      detail: string | null;
    }
  | { event: 'host'; cpu: number; problems: HostProblem[]; notes: string[] }
  | {
      event: 'build';
      candidate: string;
      instance: string;
      status: 'built' | 'reused' | 'failed';
      flags: BuildFlagsKind | null;
      guideResult: GuideResult | null;
      detail: string | null;
    }
  | {
      event: 'kat';
      candidate: string;
      instance: string;
      /** `checked` now; `reused` from an earlier run; `by-build`: no library was built, so the build's LOADFAIL stands. */
      status: 'checked' | 'reused' | 'by-build';
      verdict: KatVerdict;
      flags: BuildFlagsKind | null;
    }
  | {
      event: 'ct';
      candidate: string;
      instance: string;
      status: 'audited' | 'reused';
      verdict: 'constant-time' | 'secret-dependent' | 'unknown';
      findings: number;
    }
  | {
      event: 'plan';
      operations: PlannedOperation[];
      cpus: number[];
      /** What the operations' estimated seconds assume (host pace, expected reruns, processes counted). */
      assumptions: string;
    }
  | {
      event: 'operation-start';
      candidate: string;
      instance: string;
      messageBytes: number;
      /** As {@link PlannedOperation.operation}. */
      operation?: string;
      cpu: number;
    }
  | {
      event: 'trial';
      candidate: string;
      instance: string;
      messageBytes: number;
      /** As {@link PlannedOperation.operation}. */
      operation?: string;
      cpu: number;
      /** 0 for the calibration process, else 1…trials. */
      trial: number;
      trials: number;
      attempt: number;
    }
  | {
      event: 'record';
      candidate: string;
      instance: string;
      messageBytes: number;
      /** As {@link PlannedOperation.operation}. */
      operation?: string;
      cpu: number | null;
      status: 'complete' | 'failed' | 'reused';
      file: string;
      wallSeconds: number;
      failure: string | null;
    }
  | { event: 'report'; file: string }
  | { event: 'published'; directory: string; status: 'copied' | 'unchanged' }
  | { event: 'warning'; message: string };

/** Receives campaign events. */
export type CampaignEventSink = (event: CampaignEvent) => void;
