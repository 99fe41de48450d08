export { GUIDE_MESSAGE_SIZES_BYTES } from './guide-message-sizes.js';
export { HASH_CATEGORY } from './hash-category.js';
export { HASH_KAT } from './hash-kat.js';
export { hashOperation, hashParameters, HASH_OPERATIONS, type HashOperationParameters } from './hash-operations.js';
export { HASH_PAGES } from './hash-pages.js';
