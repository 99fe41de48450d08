import { z } from 'zod';

/** The JSON-Lines protocol version this package's driver speaks and its parser accepts (PROTOCOL.md). */
export const DRIVER_PROTOCOL_VERSION = 1;

/** What every protocol line has: `v` (the protocol version) and `type`; other fields depend on the type. */
export const driverEnvelopeSchema = z.looseObject({ v: z.literal(DRIVER_PROTOCOL_VERSION), type: z.string().min(1) });

/**
 * The `error` line a driver writes before a non-zero exit, in every subcommand: `code` is the exit
 * code's name (`USAGE`, `CRYPTOFAIL`, `OVERFLOW`, `LOADFAIL`, `IO`, `NONDETERMINISTIC`), `message`
 * the sentence also written on stderr; the fields that depend on the code are kept as they are.
 */
export const driverErrorLineSchema = z.looseObject({
  v: z.literal(DRIVER_PROTOCOL_VERSION),
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
});

/** A validated `error` line (PROTOCOL.md, "The error line"). */
export type DriverErrorLine = z.infer<typeof driverErrorLineSchema>;
