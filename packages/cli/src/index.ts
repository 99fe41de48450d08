export { main } from './main.js';
export {
  EXIT_BAD_INPUT,
  EXIT_INTERNAL_ERROR,
  EXIT_NEGATIVE_VERDICT,
  EXIT_NOT_VOUCHED,
  EXIT_SUCCESS,
} from './exit-codes.js';
export { CliError } from './cli-error.js';
export type { CliErrorCode } from './cli-error.js';
export type { CliIo } from './io.js';
