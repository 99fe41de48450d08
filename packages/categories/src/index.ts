export { BUILT_IN_CATEGORIES, BUILT_IN_REGISTRY, registryWith } from './built-in-categories.js';
export { loadCategoryModule, registryWithModules } from './category-modules.js';
