import type { HostEnvironment as RecordedHostEnvironment } from '@ngcc-perf/record';

export type { HypervisorEvidence } from '@ngcc-perf/record';

/**
 * The measuring host's state as `readHostEnvironment()` reads it (guide §3.4 "host state, checked
 * and recorded"): `@ngcc-perf/record`'s `HostEnvironment` (the one definition of its fields,
 * units and sources) with every field present; a field is `null` when the host does not expose it.
 */
export type HostEnvironment = Required<RecordedHostEnvironment>;
