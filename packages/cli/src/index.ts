export { main, EXIT_BAD_INPUT } from './main.js';
export { CliError } from './cli-error.js';
export type { CliErrorCode } from './cli-error.js';
export type { CliIo } from './io.js';
