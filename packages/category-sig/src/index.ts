export { SIG_CATEGORY } from './sig-category.js';
export { SIG_KAT } from './sig-kat.js';
export { sigOperation, SIG_MESSAGE_BYTES, SIG_OPERATION_NAMES, SIG_OPERATIONS } from './sig-operations.js';
export { SIG_SECURITY_TARGETS, SIG_SECURITY_TARGETS_CSV } from './security-targets.js';
