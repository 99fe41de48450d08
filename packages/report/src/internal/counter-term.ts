// One term per counter on every page: "ticks" when a record's counter runs at a fixed rate (TSC,
// CNTVCT), "cycles" when every record counted core clock cycles.
import type { TimingRecord } from '@ngcc-perf/record';

/** The words a column heading uses for the figures of these records. */
export interface CounterTerm {
  /** `cycles` or `ticks`. */
  perCall: 'cycles' | 'ticks';
  /** `cycles/byte` or `ticks/byte`. */
  perByte: 'cycles/byte' | 'ticks/byte';
}

/** `ticks` when any record's counter is fixed-rate, else `cycles`. */
export function counterTerm(records: readonly TimingRecord[]): CounterTerm {
  return records.some((record) => record.counter?.kind === 'fixed-rate')
    ? { perCall: 'ticks', perByte: 'ticks/byte' }
    : { perCall: 'cycles', perByte: 'cycles/byte' };
}
