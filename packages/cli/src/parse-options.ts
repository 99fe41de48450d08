import { CliError } from './cli-error.js';

/**
 * Parses a whole number option (`--bytes 4096`).
 * @throws {@link CliError} `USAGE` naming the option when the value is not an integer in range.
 */
export function parseInteger(option: string, value: string, minimum = 0, maximum = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(value.trim())) {
    throw new CliError('USAGE', `${option} expects a whole number, got "${value}".`);
  }
  const parsed = Number(value);
  if (parsed < minimum || parsed > maximum) {
    throw new CliError('USAGE', `${option} must be between ${minimum} and ${maximum}, got ${parsed}.`);
  }
  return parsed;
}

/**
 * Parses a positive decimal number option (`--trial-target 0.2`).
 * @throws {@link CliError} `USAGE` naming the option.
 */
export function parsePositiveNumber(option: string, value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0) {
    throw new CliError('USAGE', `${option} expects a positive number, got "${value}".`);
  }
  return parsed;
}

/** The longest message a size list may ask for: 16 MiB. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * Parses a comma-separated list of message sizes in bytes (`--sizes 32,1024,65536`): each a
 * positive whole number of bytes, at most 16 MiB (cycles/byte needs a message of at least a byte).
 * With `allowEmpty` a size may be 0 (`ct --bytes 0,1,55`: the empty message is audited too).
 * @throws {@link CliError} `USAGE` naming the option and the bad element.
 */
export function parseSizeList(
  option: string,
  value: string,
  { allowEmpty = false }: { allowEmpty?: boolean } = {},
): number[] {
  const smallest = allowEmpty ? 0 : 1;
  const kind = allowEmpty ? 'a whole number of bytes (0 or more)' : 'a positive number of bytes';
  const sizes = value.split(',').map((part) => {
    if (!/^\d+$/.test(part.trim()) || Number(part) < smallest) {
      throw new CliError('USAGE', `${option} expects each size as ${kind}, e.g. 32,1024,65536; got "${part}".`);
    }
    return parseInteger(option, part, smallest, MAX_MESSAGE_BYTES);
  });
  if (sizes.length === 0) throw new CliError('USAGE', `${option} needs at least one size.`);
  return [...new Set(sizes)].sort((a, b) => a - b);
}
