// The derived figures of generic-form records (KEM, signature, key exchange, a category of one's
// own), recomputed from their trials as the hash form's are.
import type { CategoryRegistry } from '@ngcc-perf/category';
import type { Dataset } from '../dataset.js';
import { ReportError } from '../report-error.js';
import type { ValidationDifference } from '../validation-difference.js';
import { checkDerivedFigures } from './check-record-consistency.js';
import { findDerivedDifference } from './validate-derived.js';
import { findPrimitiveProfileDifference } from './validate-primitive-profile.js';

/**
 * The first generic-form record whose derived figures do not follow from its trials: n, the means
 * and the RSS maxima (`checkDerivedFigures`), then every other figure the hash form's are checked
 * for — median, minimum, maximum, sd, CV, the interval, outliers and their warnings, the headline
 * per call and per byte (`findDerivedDifference`) — over the bytes per call its category gives
 * (0 when none), as the engine derived them — and its `primitiveProfile` from its recorded rounds
 * (`findPrimitiveProfileDifference`); null when every record holds.
 * @example
 * findOperationDerivedDifference(dataset, BUILT_IN_REGISTRY)?.field; // 'derived.headline.medianCycles'
 */
export function findOperationDerivedDifference(
  dataset: Pick<Dataset, 'operationRecords'>,
  categories: CategoryRegistry,
): ValidationDifference | null {
  for (const { file, record } of dataset.operationRecords ?? []) {
    try {
      const category = categories.get(record.operation.category);
      const bytesPerCall = category.operations.bytesPerCall(record.operation);
      checkDerivedFigures(record, file, bytesPerCall);
      const derived = findDerivedDifference(file, record, bytesPerCall ?? 0);
      if (derived !== null) return derived;
      const profile = findPrimitiveProfileDifference(file, record);
      if (profile !== null) return profile;
    } catch (error) {
      if (!(error instanceof ReportError)) throw error;
      return { check: 'derived', file, field: error.field ?? null, line: null, message: error.message };
    }
  }
  return null;
}
