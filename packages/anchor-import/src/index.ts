export { importAnchorDataset } from './import-anchor-dataset.js';
export { verifyImportedRun } from './verify-imported-run.js';
export { restoreAnchorRecord } from './restore-anchor-record.js';
export { ImportError } from './import-error.js';
export type { ImportErrorCode } from './import-error.js';
export type { ImportAnchorDatasetOptions, ImportAnchorDatasetResult } from './import-types.js';
