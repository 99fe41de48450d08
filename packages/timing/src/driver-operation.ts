/**
 * An operation of any algorithm category, as the driver's `op-time` runs it (@ngcc-perf/native/PROTOCOL.md
 * "Categories"): the category's id (its C table built into the driver, or brought by the adapter
 * library at `adapterPath`), the operation's name and its `--param NAME=VALUE` values. A category
 * module gives these (`driverParameters` of `@ngcc-perf/category`); without one, timing runs the
 * hash `time` subcommand with `digestBits` and `messageBytes`.
 *
 * @example
 * ```ts
 * const operation: DriverOperation = { category: 'toy-fof', name: 'eval', parameters: { inputBytes: '64' }, adapterPath: 'libtoy_fof_adapter.so' };
 * ```
 */
export interface DriverOperation {
  category: string;
  name: string;
  parameters: Readonly<Record<string, string>>;
  /** The adapter library of a category the driver does not have built in (`--adapter`). */
  adapterPath?: string;
}
