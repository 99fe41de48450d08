import { z } from 'zod';

/**
 * Zod schema of one parameter value of an operation: a number (message bytes, digest bits, a
 * message length of a signature) or a text (a parameter set's name).
 */
export const operationParameterValueSchema = z.union([z.number(), z.string()]);

/**
 * Zod schema of the identity of a measured operation, the same for every algorithm category
 * (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories): the category's id (`hash`, `kem`, `sig`, `kex`, or a
 * category of one's own), the operation's name within it (`hash`; `keygen`, `enc`, `dec`;
 * `sign`, `verify`; `exchange`) and its parameters by name. The record contract knows no
 * category: what the parameters mean is the category module's business.
 *
 * @example
 * ```ts
 * operationIdentitySchema.parse({ category: 'kem', name: 'enc', parameters: {} });
 * ```
 */
export const operationIdentitySchema = z.object({
  /** Lower-case letters, digits and hyphens, starting with a letter. */
  category: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a category id such as "hash" or "kem"'),
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected an operation name such as "enc"'),
  parameters: z.record(z.string(), operationParameterValueSchema),
});

/** The identity of a measured operation: category, name, parameters. */
export type OperationIdentity = z.infer<typeof operationIdentitySchema>;

/** An operation's parameter value. */
export type OperationParameterValue = z.infer<typeof operationParameterValueSchema>;

/** The operation fields of a record in either form the contract holds. */
export type RecordOperationFields =
  { operation: 'hash'; messageBytes: number; digestBits: number } | { operation: OperationIdentity };

/**
 * The operation a record measured, in the one generic shape, whichever form the record has: a
 * record of the hash form (`operation: 'hash'` with `messageBytes` and `digestBits` beside it, as
 * every hash record has been written) is `{ category: 'hash', name: 'hash', parameters:
 * { digestBits, messageBytes } }`; a record of the generic form carries its identity as it is.
 *
 * @param record - a validated record (either form)
 * @returns the operation's identity
 * @example
 * ```ts
 * recordOperation({ operation: 'hash', messageBytes: 64, digestBits: 256 });
 * // { category: 'hash', name: 'hash', parameters: { digestBits: 256, messageBytes: 64 } }
 * ```
 */
export function recordOperation(record: RecordOperationFields): OperationIdentity {
  if (record.operation === 'hash') {
    const { digestBits, messageBytes } = record as Extract<RecordOperationFields, { operation: 'hash' }>;
    return { category: 'hash', name: 'hash', parameters: { digestBits, messageBytes } };
  }
  return record.operation;
}
