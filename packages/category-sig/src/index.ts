export { SIG_CATEGORY, SIG_SECURITY_TARGETS } from './sig-category.js';
export { SIG_KAT } from './sig-kat.js';
export { sigOperation, SIG_MESSAGE_BYTES, SIG_OPERATION_NAMES, SIG_OPERATIONS } from './sig-operations.js';
