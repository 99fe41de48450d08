export { TEMPORARY_FILE_PATTERN, temporaryPathOf } from './temporary-file.js';
export { copyFileAtomic, writeFailureReason, writeFileAtomic } from './write-file-atomic.js';
export type { WriteFileAtomicOptions } from './write-file-atomic.js';
