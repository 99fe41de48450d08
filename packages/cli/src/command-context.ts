import type { CliIo } from './io.js';

/** What every command gets: the streams and a way to set the exit code. */
export interface CommandContext {
  io: CliIo;
  setExitCode: (code: number) => void;
}
