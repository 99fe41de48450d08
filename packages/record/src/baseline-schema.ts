import { z } from 'zod';

/**
 * The ICCS helpers a campaign measures as its baseline (the NGCC site's ordered measurements): `sm3hash` is SM3 of
 * GB/T 32905-2016 (256 bits only), `pseudoXOF` the KDF-SM3 of GB/T 32918.4-2016 §5.4.3.
 */
export const BASELINE_HELPERS = ['sm3hash', 'pseudoXOF'] as const;

/** One of {@link BASELINE_HELPERS}. */
export type BaselineHelper = (typeof BASELINE_HELPERS)[number];

/**
 * Zod schema of campaign.json `baseline`: the bundled baseline candidate measured in the same
 * campaign, with the same plan, host and CPUs as the candidates, and which of its instances is
 * which helper at which output width. Every candidate figure is also shown as a multiple of the
 * `pseudoXOF` instance of the same output width at the same message length.
 *
 * @example
 * ```ts
 * baselineSchema.parse({
 *   candidate: 'iccs-baseline',
 *   instances: [{ instance: 'pseudoxof_256', helper: 'pseudoXOF', digestBits: 256 }],
 * });
 * ```
 */
export const baselineSchema = z.object({
  /** The candidate id of the baseline's instances in build.json and records/. */
  candidate: z.string().min(1),
  instances: z.array(
    z.object({
      instance: z.string().min(1),
      helper: z.enum(BASELINE_HELPERS),
      /** Output width in bits. */
      digestBits: z.number().int().positive(),
    }),
  ),
});

/** A validated campaign.json `baseline`. */
export type CampaignBaseline = z.infer<typeof baselineSchema>;
