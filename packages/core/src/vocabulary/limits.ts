/**
 * Every limit of the contract as a named constant (spec §8 and the platform's own
 * limits): the schemas, the rules, the server, the SDK, the CLI and the web app read
 * these, so a number is written once. Loads no schema library.
 *
 * @example
 * ```ts
 * import { CAPTION_MAX_LENGTH, ACCOUNTS_PER_POST_MAX } from '@reelay/core/vocabulary';
 * if (accountIds.length > ACCOUNTS_PER_POST_MAX) console.warn(`no máximo ${ACCOUNTS_PER_POST_MAX} contas`);
 * ```
 */

const MB = 1024 * 1024;
const DAY_MS = 86_400_000;

/*
 * Caption (spec §8: up to 2,200 characters; the platform also refuses more than 30
 * hashtags or 20 @mentions, error 36004/2207010 and 100/2207040).
 */

/** Characters of a caption, counted as Unicode code points. */
export const CAPTION_MAX_LENGTH = 2200;
/** Hashtags a caption may carry. */
export const CAPTION_MAX_HASHTAGS = 30;
/** @mentions a caption may carry. */
export const CAPTION_MAX_MENTIONS = 20;
/**
 * The cap Instagram announced in December 2025 (reference §9): 5 hashtags per post or reel,
 * rolling out gradually. Whether the API refuses a caption with more is not settled, so
 * captions up to {@link CAPTION_MAX_HASHTAGS} are still accepted, with a warning.
 */
export const CAPTION_ANNOUNCED_HASHTAG_CAP = 5;

/** Fewest accounts a post goes to (`platforms[]`). */
export const ACCOUNTS_PER_POST_MIN = 1;
/** Most accounts a post goes to (spec §8). */
export const ACCOUNTS_PER_POST_MAX = 5;

/** Fewest media items of any post. */
export const MEDIA_ITEMS_MIN = 1;
/** Most media items of any post (a carousel's maximum). */
export const MEDIA_ITEMS_MAX = 10;
/** Fewest items of a carousel. */
export const CAROUSEL_ITEMS_MIN = 2;
/** Most items of a carousel. */
export const CAROUSEL_ITEMS_MAX = 10;

/** Collaborators invited on one post (`options.collaborators`). */
export const COLLABORATORS_MAX = 3;
/** Users tagged on one post (`options.userTags`). */
export const USER_TAGS_MAX = 20;
/** Characters of one alt text (`options.altText`). */
export const ALT_TEXT_MAX_LENGTH = 1000;
/** Product tags per post (reference §2, `product_tags`: at most 5). */
export const PRODUCT_TAGS_MAX = 5;
/** Reelay's own bound on a Reel's audio name; the platform documents none. */
export const AUDIO_NAME_MAX_LENGTH = 255;
/** Characters of an `idempotencyKey`. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/** Soonest a post may be scheduled: 1 minute ahead (spec §8). */
export const SCHEDULE_MIN_LEAD_MS = 60_000;
/** Farthest a post may be scheduled, in days (spec §8: 75 days, the platform's horizon). */
export const SCHEDULE_MAX_LEAD_DAYS = 75;
/** Farthest a post may be scheduled: 75 days ahead, in milliseconds. */
export const SCHEDULE_MAX_LEAD_MS = SCHEDULE_MAX_LEAD_DAYS * DAY_MS;
/**
 * Most occurrences one recurring post (a series) may have, its first post included: a
 * daily series for a year. A rule without `COUNT` or `UNTIL` ends after this many.
 */
export const RECURRENCE_MAX_OCCURRENCES = 366;

/** Fewest items a list page asks for (`limit`). */
export const PAGE_LIMIT_MIN = 1;
/** Most items a list page asks for (`limit`). */
export const PAGE_LIMIT_MAX = 100;
/** Items of a list page when `limit` is absent. */
export const DEFAULT_PAGE_LIMIT = 20;

/** Characters of a user's e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Characters of a password, fewest. */
export const PASSWORD_MIN_LENGTH = 8;
/** Characters of a password, most. */
export const PASSWORD_MAX_LENGTH = 256;
/** Characters of a user's name. */
export const USER_NAME_MAX_LENGTH = 120;
/** Characters of an organization's name. */
export const ORGANIZATION_NAME_MAX_LENGTH = 80;
/** Characters of an API key's name. */
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Characters of a profile's name. */
export const PROFILE_NAME_MAX_LENGTH = 120;
/** Characters of a profile's description. */
export const PROFILE_DESCRIPTION_MAX_LENGTH = 500;
/** Characters of an http(s) URL the API takes (media, covers, webhooks). */
export const URL_MAX_LENGTH = 2048;
/** Characters of the search text of `GET /v1/integrations?q=`. */
export const ACCOUNT_SEARCH_MAX_LENGTH = 100;

/** At most one posting slot per hour of the week. */
export const POSTING_SLOTS_MAX = 168;
/** Free slots listed at most per call. */
export const FREE_SLOTS_MAX = 50;
/** `HH:MM`, 00:00 to 23:59: the wall-clock time of a posting slot. */
export const SLOT_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/*
 * Evergreen queues (docs/posting-slots.md "Evergreen"): an empty slot of a schedule that
 * recycles takes again the published evergreen post used least recently.
 */

/** The fewest days between two publications of the same evergreen post. */
export const EVERGREEN_MIN_DAYS_BETWEEN_MIN = 1;
/** The most days `minDaysBetween` may ask for: a year. */
export const EVERGREEN_MIN_DAYS_BETWEEN_MAX = 365;
/** The days between two publications of the same evergreen post when not told. */
export const EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT = 30;
/** Variant captions an evergreen post may carry. */
export const EVERGREEN_CAPTIONS_MAX = 20;

/** How long a rotated webhook secret keeps signing, by default: 24 hours. */
export const DEFAULT_SECRET_OVERLAP_SECONDS = 86_400;
/** The longest overlap a webhook secret rotation may ask for: 7 days. */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 86_400;

/** How long post metrics are reused before Instagram is asked again (unless forced). */
export const POST_INSIGHTS_MAX_AGE_MS = 60 * 60_000;
/** The most days one account-insights request may cover (the platform's own window). */
export const ACCOUNT_INSIGHTS_MAX_DAYS = 30;
/** Days covered when the request names no range: the last 7, today included. */
export const ACCOUNT_INSIGHTS_DEFAULT_DAYS = 7;

/** How long an invitation to a project can be accepted: 7 days. */
export const INVITATION_VALID_DAYS = 7;

/** How long a review link may stay valid: from 1 hour to 30 days. */
export const REVIEW_LINK_MIN_HOURS = 1;
export const REVIEW_LINK_MAX_HOURS = 720;
/** The longest label a review link may carry (who it was sent to). */
export const REVIEW_LINK_LABEL_MAX_LENGTH = 100;

/** The longest note a member may leave on a post. */
export const NOTE_MAX_LENGTH = 2_000;

/**
 * Characters of a comment or a reply sent from the inbox. Meta documents no limit for
 * comments (reference §10.3, uncertain); the caption's limit is the safe one to hold to.
 */
export const COMMENT_MESSAGE_MAX_LENGTH = 2200;
/** UTF-8 bytes of a private reply (Instagram's limit for direct messages, reference §10.3). */
export const PRIVATE_REPLY_MAX_BYTES = 1000;
/** Days after a comment during which its author can get one private reply (reference §10.3). */
export const PRIVATE_REPLY_WINDOW_DAYS = 7;
/** Characters of a saved reply's title. */
export const SAVED_REPLY_TITLE_MAX_LENGTH = 80;
/** Characters of a snippet's title. */
export const SNIPPET_TITLE_MAX_LENGTH = 80;
/** Snippets a project keeps. */
export const SNIPPETS_MAX = 500;
/** Saved replies a project keeps. */
export const SAVED_REPLIES_MAX = 200;
/** Characters of the inbox's text search. */
export const COMMENT_SEARCH_MAX_LENGTH = 200;
/** Days back the inbox collects comments of published posts (`REELAY_INBOX_DAYS`), by default. */
export const INBOX_DAYS_DEFAULT = 30;
/** The longest `REELAY_INBOX_DAYS` accepted. */
export const INBOX_DAYS_MAX = 365;

/**
 * The media limits table of spec §8, completed from the platform's media specifications.
 * Sizes are in bytes with 1 MB = 1,048,576 bytes, as the platform counts them ("8 MiB"
 * in error 36000/2207004).
 *
 * @example
 * ```ts
 * MEDIA_LIMITS.itemsPerKind.carousel; // { min: 2, max: 10 }
 * MEDIA_LIMITS.image.maxBytes; // 8388608
 * ```
 */
export const MEDIA_LIMITS = {
  itemsPerPost: { min: MEDIA_ITEMS_MIN, max: MEDIA_ITEMS_MAX },
  itemsPerKind: {
    feed: { min: 1, max: 1 },
    reel: { min: 1, max: 1 },
    story: { min: 1, max: 1 },
    carousel: { min: CAROUSEL_ITEMS_MIN, max: CAROUSEL_ITEMS_MAX },
  },
  /** Largest file accepted by a direct upload to `POST /v1/media`; larger video goes by URL. */
  directUploadMaxBytes: 50 * MB,
  image: {
    mimes: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 8 * MB,
    width: { min: 320, max: 1920 },
    /**
     * Most pixels (width × height) an image may declare. A few hundred kilobytes of PNG
     * can declare 1920×65000 pixels and take gigabytes to decode, so images past this are
     * refused (`too_large`) from their header, before anything decodes them. It stays well
     * above real images: 1920 px wide allows a height of 20,833 px, six times a 9:16 Story.
     */
    maxPixels: 40_000_000,
    /** Feed and carousel images: narrower, and 4:5 to 1.91:1 (width / height). */
    feed: { width: { min: 320, max: 1440 }, aspect: { min: 4 / 5, max: 1.91 } },
  },
  video: {
    mimes: ['video/mp4', 'video/quicktime'],
    videoCodecs: ['h264', 'hevc'],
    audioCodecs: ['aac'],
    fps: { min: 23, max: 60 },
    /** Bits per second of the video stream. */
    maxBitrate: 25_000_000,
    maxWidth: 1920,
    reel: {
      durationSeconds: { min: 3, max: 15 * 60 },
      maxBytes: 300 * MB,
      aspect: { min: 0.01, max: 10 },
    },
    story: {
      durationSeconds: { min: 3, max: 60 },
      maxBytes: 100 * MB,
      aspect: { min: 0.1, max: 10 },
    },
    carousel: { durationSeconds: { min: 3, max: 60 }, maxBytes: 100 * MB, aspect: null },
  },
} as const;

/** Feeds a project follows. */
export const FEEDS_MAX = 50;
/** Minutes between two scheduled checks of a feed. */
export const FEED_CHECK_MINUTES = 15;
/** Failed checks in a row after which a feed is paused. */
export const FEED_FAILURES_BEFORE_PAUSE = 10;
/** New items one check turns into posts at most (the newest); the rest are only recorded. */
export const FEED_ITEMS_PER_CHECK = 20;
/** Characters of a feed's caption template. */
export const FEED_TEMPLATE_MAX_LENGTH = 2200;
/** The caption template a feed uses when none is given. */
export const FEED_DEFAULT_TEMPLATE = '{title}\n\n{link}';
