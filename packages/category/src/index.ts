export type {
  AlgorithmCategory,
  CategoryApi,
  CategoryConstantTime,
  CategoryConstantTimeOperation,
  CategoryDriverTable,
  CategoryInstance,
  CategoryKat,
  CategoryKatKind,
  CategoryManifestEntry,
  CategoryOperationPlan,
  CategoryOperations,
  CategoryPageInput,
  CategoryPages,
  CategoryPageSection,
  CategoryPageTable,
  CategoryRankingMetric,
  CategorySize,
  CategorySizeSource,
  IdentifiedInstance,
  MeasuredSize,
  SecurityTarget,
  KatRecordFields,
} from './algorithm-category.js';
export { usesDedicatedDriverCommands } from './algorithm-category.js';
export { CategoryError, isCategoryError, type CategoryErrorCode } from './category-error.js';
export { createCategoryRegistry, type CategoryRegistry } from './category-registry.js';
export { formatKeyValueKat, parseKeyValueKat } from './key-value-kat.js';
export {
  bundledSecurityTargets,
  parseSecurityTargets,
  securityTargetFrom,
  SECURITY_TARGET_LEVELS,
  type BundledSecurityTargets,
  type SecurityTargetEntry,
} from './security-targets.js';
export { formatTicks, perOperationSection, sizeCell, sizesSection } from './public-key-sections.js';
