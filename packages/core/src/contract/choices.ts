/**
 * The closed sets of values the contract's schemas accept, declared without zod so a
 * client can offer them (the CLI's `--kind`, `--status`, `--sort`) without loading the
 * schemas: the zod enums of `schemas/` are built from these same lists.
 */

/** The kinds of post: a single feed image, a Reel, a Story, or a carousel of 2 to 10 items. */
export const POST_KINDS = ['feed', 'reel', 'story', 'carousel'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/**
 * How a trial Reel graduates to a regular Reel (`options.trialParams.graduationStrategy`):
 * by hand in the Instagram app, or automatically when it performs well with non-followers.
 */
export const TRIAL_GRADUATION_STRATEGIES = ['MANUAL', 'SS_PERFORMANCE'] as const;
export type TrialGraduationStrategy = (typeof TRIAL_GRADUATION_STRATEGIES)[number];

/** Where a webhook delivery stands (`GET /v1/notifications/{id}/deliveries?status=`). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The orders a list can be read in (`sort`), by creation time. The contract also accepts
 * `createdAt` and `-createdAt` as aliases of these two.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
