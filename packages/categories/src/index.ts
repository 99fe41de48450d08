export { BUILT_IN_CATEGORIES, BUILT_IN_REGISTRY, registryWith } from './built-in-categories.js';
