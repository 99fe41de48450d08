export { parseProcStatus } from './parse-proc-status.js';
export type { ProcStatusMemory } from './proc-status-memory.js';
export { readProcStatus } from './read-proc-status.js';
export type { ReadProcStatusOptions } from './read-proc-status.js';
export { readResidentBytesFromStatm } from './resident-bytes-from-statm.js';
export { RssError } from './rss-error.js';
export type { RssErrorCode } from './rss-error.js';
