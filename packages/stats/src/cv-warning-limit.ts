/** The limits above which the spread of the trial means earns a warning in the record. */
export interface CvWarningLimits {
  /** Messages of at least this many bytes use `longMessageCv`. */
  longMessageBytes: number;
  /** CV limit for messages of at least `longMessageBytes`, a fraction. */
  longMessageCv: number;
  /** CV limit for shorter messages, a fraction. */
  shortMessageCv: number;
}

/**
 * The project's limits (issue "Cycle capture you can trust"): 2 % for messages of 4 KiB or more,
 * 5 % below — a short call is a few thousand cycles, where one interrupt or a cold line weighs
 * more. A CV exactly at the limit is accepted; only a CV above it warns.
 *
 * @example
 * ```ts
 * CV_WARNING_LIMITS.longMessageCv; // 0.02
 * ```
 */
export const CV_WARNING_LIMITS: Readonly<CvWarningLimits> = Object.freeze({
  longMessageBytes: 4096,
  longMessageCv: 0.02,
  shortMessageCv: 0.05,
});

/**
 * The CV above which a measurement at `messageBytes` gets a warning: 0.02 from 4096 B on, else
 * 0.05 (see {@link CV_WARNING_LIMITS}).
 *
 * @param messageBytes - the message length L, bytes.
 * @param limits - other limits, for a stricter or looser campaign.
 * @returns the CV limit, a fraction (0.02 = 2 %).
 * @throws nothing.
 * @remarks Source: issue "Cycle capture you can trust".
 * @example
 * ```ts
 * cvWarningLimit(4095); // 0.05
 * cvWarningLimit(4096); // 0.02
 * ```
 */
export function cvWarningLimit(messageBytes: number, limits: Readonly<CvWarningLimits> = CV_WARNING_LIMITS): number {
  return messageBytes >= limits.longMessageBytes ? limits.longMessageCv : limits.shortMessageCv;
}
