/**
 * The contract's vocabulary, without its schemas: every limit as a named constant, the
 * closed value lists with their types, the options each kind of post takes, and wall
 * clocks in IANA time zones. Bundled in from `@reelay/core/vocabulary`, where each is
 * documented and tested; declared here with the SDK's own types so the published
 * declarations stand alone, without naming core, which is not a dependency.
 *
 * @example
 * ```ts
 * import { CAPTION_MAX_LENGTH, postOptionsFor } from '@reelay/sdk';
 * postOptionsFor('story', 'instagram'); // ['userTags', 'aiGenerated']
 * ```
 */
import {
  CAPTION_MAX_LENGTH as coreCAPTION_MAX_LENGTH,
  CAPTION_MAX_HASHTAGS as coreCAPTION_MAX_HASHTAGS,
  CAPTION_MAX_MENTIONS as coreCAPTION_MAX_MENTIONS,
  CAPTION_ANNOUNCED_HASHTAG_CAP as coreCAPTION_ANNOUNCED_HASHTAG_CAP,
  ACCOUNTS_PER_POST_MIN as coreACCOUNTS_PER_POST_MIN,
  ACCOUNTS_PER_POST_MAX as coreACCOUNTS_PER_POST_MAX,
  MEDIA_ITEMS_MIN as coreMEDIA_ITEMS_MIN,
  MEDIA_ITEMS_MAX as coreMEDIA_ITEMS_MAX,
  CAROUSEL_ITEMS_MIN as coreCAROUSEL_ITEMS_MIN,
  CAROUSEL_ITEMS_MAX as coreCAROUSEL_ITEMS_MAX,
  COLLABORATORS_MAX as coreCOLLABORATORS_MAX,
  USER_TAGS_MAX as coreUSER_TAGS_MAX,
  ALT_TEXT_MAX_LENGTH as coreALT_TEXT_MAX_LENGTH,
  PRODUCT_TAGS_MAX as corePRODUCT_TAGS_MAX,
  AUDIO_NAME_MAX_LENGTH as coreAUDIO_NAME_MAX_LENGTH,
  IDEMPOTENCY_KEY_MAX_LENGTH as coreIDEMPOTENCY_KEY_MAX_LENGTH,
  SCHEDULE_MIN_LEAD_MS as coreSCHEDULE_MIN_LEAD_MS,
  SCHEDULE_MAX_LEAD_DAYS as coreSCHEDULE_MAX_LEAD_DAYS,
  SCHEDULE_MAX_LEAD_MS as coreSCHEDULE_MAX_LEAD_MS,
  PAGE_LIMIT_MIN as corePAGE_LIMIT_MIN,
  PAGE_LIMIT_MAX as corePAGE_LIMIT_MAX,
  DEFAULT_PAGE_LIMIT as coreDEFAULT_PAGE_LIMIT,
  EMAIL_MAX_LENGTH as coreEMAIL_MAX_LENGTH,
  PASSWORD_MIN_LENGTH as corePASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH as corePASSWORD_MAX_LENGTH,
  USER_NAME_MAX_LENGTH as coreUSER_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH as coreORGANIZATION_NAME_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH as coreAPI_KEY_NAME_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH as corePROFILE_NAME_MAX_LENGTH,
  PROFILE_DESCRIPTION_MAX_LENGTH as corePROFILE_DESCRIPTION_MAX_LENGTH,
  URL_MAX_LENGTH as coreURL_MAX_LENGTH,
  ACCOUNT_SEARCH_MAX_LENGTH as coreACCOUNT_SEARCH_MAX_LENGTH,
  POSTING_SLOTS_MAX as corePOSTING_SLOTS_MAX,
  FREE_SLOTS_MAX as coreFREE_SLOTS_MAX,
  SLOT_TIME_PATTERN as coreSLOT_TIME_PATTERN,
  DEFAULT_SECRET_OVERLAP_SECONDS as coreDEFAULT_SECRET_OVERLAP_SECONDS,
  MAX_SECRET_OVERLAP_SECONDS as coreMAX_SECRET_OVERLAP_SECONDS,
  POST_INSIGHTS_MAX_AGE_MS as corePOST_INSIGHTS_MAX_AGE_MS,
  ACCOUNT_INSIGHTS_MAX_DAYS as coreACCOUNT_INSIGHTS_MAX_DAYS,
  ACCOUNT_INSIGHTS_DEFAULT_DAYS as coreACCOUNT_INSIGHTS_DEFAULT_DAYS,
  INVITATION_VALID_DAYS as coreINVITATION_VALID_DAYS,
  NOTE_MAX_LENGTH as coreNOTE_MAX_LENGTH,
  SNIPPET_KINDS as coreSNIPPET_KINDS,
  SNIPPET_TITLE_MAX_LENGTH as coreSNIPPET_TITLE_MAX_LENGTH,
  SERIES_STATUSES as coreSERIES_STATUSES,
  RECURRENCE_MAX_OCCURRENCES as coreRECURRENCE_MAX_OCCURRENCES,
  EVERGREEN_MIN_DAYS_BETWEEN_MIN as coreEVERGREEN_MIN_DAYS_BETWEEN_MIN,
  EVERGREEN_MIN_DAYS_BETWEEN_MAX as coreEVERGREEN_MIN_DAYS_BETWEEN_MAX,
  EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT as coreEVERGREEN_MIN_DAYS_BETWEEN_DEFAULT,
  EVERGREEN_CAPTIONS_MAX as coreEVERGREEN_CAPTIONS_MAX,
  FEED_MODES as coreFEED_MODES,
  FEED_STATUSES as coreFEED_STATUSES,
  FEED_CHECK_MINUTES as coreFEED_CHECK_MINUTES,
  FEED_FAILURES_BEFORE_PAUSE as coreFEED_FAILURES_BEFORE_PAUSE,
  FEED_TEMPLATE_MAX_LENGTH as coreFEED_TEMPLATE_MAX_LENGTH,
  FEED_DEFAULT_TEMPLATE as coreFEED_DEFAULT_TEMPLATE,
  ACTIVITY_ACTIONS as coreACTIVITY_ACTIONS,
  ACTOR_KINDS as coreACTOR_KINDS,
  MEDIA_LIMITS as coreMEDIA_LIMITS,
  POST_KINDS as corePOST_KINDS,
  MEDIA_TYPES as coreMEDIA_TYPES,
  TARGET_STATUSES as coreTARGET_STATUSES,
  POST_STATUSES as corePOST_STATUSES,
  EVENT_TYPES as coreEVENT_TYPES,
  TRIAL_GRADUATION_STRATEGIES as coreTRIAL_GRADUATION_STRATEGIES,
  DELIVERY_STATUSES as coreDELIVERY_STATUSES,
  SORT_ORDERS as coreSORT_ORDERS,
  WEEKDAYS as coreWEEKDAYS,
  POSTING_SCHEDULE_SOURCES as corePOSTING_SCHEDULE_SOURCES,
  AUTH_STATUSES as coreAUTH_STATUSES,
  CONNECTION_STATUSES as coreCONNECTION_STATUSES,
  LOGIN_MODES as coreLOGIN_MODES,
  MEDIA_STATUSES as coreMEDIA_STATUSES,
  INSIGHTS_REASONS as coreINSIGHTS_REASONS,
  DATA_DELETION_STATUSES as coreDATA_DELETION_STATUSES,
  ORGANIZATION_ROLES as coreORGANIZATION_ROLES,
  PROJECT_ROLES as corePROJECT_ROLES,
  ASSIGNABLE_ROLES as coreASSIGNABLE_ROLES,
  API_KEY_ROLES as coreAPI_KEY_ROLES,
  DEFAULT_API_KEY_ROLE as coreDEFAULT_API_KEY_ROLE,
  roleMeets as coreRoleMeets,
  PROJECT_ENVIRONMENTS as corePROJECT_ENVIRONMENTS,
  MEDIA_INVALID_REASONS as coreMEDIA_INVALID_REASONS,
  POST_OPTION_NAMES as corePOST_OPTION_NAMES,
  POST_OPTIONS_BY_KIND as corePOST_OPTIONS_BY_KIND,
  FACEBOOK_LOGIN_ONLY_OPTIONS as coreFACEBOOK_LOGIN_ONLY_OPTIONS,
  ZONED_TIME_RESOLUTIONS as coreZONED_TIME_RESOLUTIONS,
  kindTakesOption as coreKindTakesOption,
  postOptionsFor as corePostOptionsFor,
  wallClockAt as coreWallClockAt,
  zoneOffsetMinutes as coreZoneOffsetMinutes,
  resolveZonedTime as coreResolveZonedTime,
  zonedTimeToInstant as coreZonedTimeToInstant,
  formatOffset as coreFormatOffset,
  formatZonedDateTime as coreFormatZonedDateTime,
  zoneOffsetLabel as coreZoneOffsetLabel,
  isIanaTimeZone as coreIsIanaTimeZone,
} from '@reelay/core/vocabulary';

/** `CAPTION_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const CAPTION_MAX_LENGTH = coreCAPTION_MAX_LENGTH;
/** `CAPTION_MAX_HASHTAGS` (see `@reelay/core/vocabulary`). */
export const CAPTION_MAX_HASHTAGS = coreCAPTION_MAX_HASHTAGS;
/** `CAPTION_MAX_MENTIONS` (see `@reelay/core/vocabulary`). */
export const CAPTION_MAX_MENTIONS = coreCAPTION_MAX_MENTIONS;
/** `CAPTION_ANNOUNCED_HASHTAG_CAP` (see `@reelay/core/vocabulary`). */
export const CAPTION_ANNOUNCED_HASHTAG_CAP = coreCAPTION_ANNOUNCED_HASHTAG_CAP;
/** `ACCOUNTS_PER_POST_MIN` (see `@reelay/core/vocabulary`). */
export const ACCOUNTS_PER_POST_MIN = coreACCOUNTS_PER_POST_MIN;
/** `ACCOUNTS_PER_POST_MAX` (see `@reelay/core/vocabulary`). */
export const ACCOUNTS_PER_POST_MAX = coreACCOUNTS_PER_POST_MAX;
/** `MEDIA_ITEMS_MIN` (see `@reelay/core/vocabulary`). */
export const MEDIA_ITEMS_MIN = coreMEDIA_ITEMS_MIN;
/** `MEDIA_ITEMS_MAX` (see `@reelay/core/vocabulary`). */
export const MEDIA_ITEMS_MAX = coreMEDIA_ITEMS_MAX;
/** `CAROUSEL_ITEMS_MIN` (see `@reelay/core/vocabulary`). */
export const CAROUSEL_ITEMS_MIN = coreCAROUSEL_ITEMS_MIN;
/** `CAROUSEL_ITEMS_MAX` (see `@reelay/core/vocabulary`). */
export const CAROUSEL_ITEMS_MAX = coreCAROUSEL_ITEMS_MAX;
/** `COLLABORATORS_MAX` (see `@reelay/core/vocabulary`). */
export const COLLABORATORS_MAX = coreCOLLABORATORS_MAX;
/** `USER_TAGS_MAX` (see `@reelay/core/vocabulary`). */
export const USER_TAGS_MAX = coreUSER_TAGS_MAX;
/** `ALT_TEXT_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const ALT_TEXT_MAX_LENGTH = coreALT_TEXT_MAX_LENGTH;
/** `PRODUCT_TAGS_MAX` (see `@reelay/core/vocabulary`). */
export const PRODUCT_TAGS_MAX = corePRODUCT_TAGS_MAX;
/** `AUDIO_NAME_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const AUDIO_NAME_MAX_LENGTH = coreAUDIO_NAME_MAX_LENGTH;
/** `IDEMPOTENCY_KEY_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = coreIDEMPOTENCY_KEY_MAX_LENGTH;
/** `SCHEDULE_MIN_LEAD_MS` (see `@reelay/core/vocabulary`). */
export const SCHEDULE_MIN_LEAD_MS = coreSCHEDULE_MIN_LEAD_MS;
/** `SCHEDULE_MAX_LEAD_DAYS` (see `@reelay/core/vocabulary`). */
export const SCHEDULE_MAX_LEAD_DAYS = coreSCHEDULE_MAX_LEAD_DAYS;
/** `SCHEDULE_MAX_LEAD_MS` (see `@reelay/core/vocabulary`). */
export const SCHEDULE_MAX_LEAD_MS = coreSCHEDULE_MAX_LEAD_MS;
/** `PAGE_LIMIT_MIN` (see `@reelay/core/vocabulary`). */
export const PAGE_LIMIT_MIN = corePAGE_LIMIT_MIN;
/** `PAGE_LIMIT_MAX` (see `@reelay/core/vocabulary`). */
export const PAGE_LIMIT_MAX = corePAGE_LIMIT_MAX;
/** `DEFAULT_PAGE_LIMIT` (see `@reelay/core/vocabulary`). */
export const DEFAULT_PAGE_LIMIT = coreDEFAULT_PAGE_LIMIT;
/** `EMAIL_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const EMAIL_MAX_LENGTH = coreEMAIL_MAX_LENGTH;
/** `PASSWORD_MIN_LENGTH` (see `@reelay/core/vocabulary`). */
export const PASSWORD_MIN_LENGTH = corePASSWORD_MIN_LENGTH;
/** `PASSWORD_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const PASSWORD_MAX_LENGTH = corePASSWORD_MAX_LENGTH;
/** `USER_NAME_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const USER_NAME_MAX_LENGTH = coreUSER_NAME_MAX_LENGTH;
/** `ORGANIZATION_NAME_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const ORGANIZATION_NAME_MAX_LENGTH = coreORGANIZATION_NAME_MAX_LENGTH;
/** `API_KEY_NAME_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const API_KEY_NAME_MAX_LENGTH = coreAPI_KEY_NAME_MAX_LENGTH;
/** `PROFILE_NAME_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const PROFILE_NAME_MAX_LENGTH = corePROFILE_NAME_MAX_LENGTH;
/** `PROFILE_DESCRIPTION_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const PROFILE_DESCRIPTION_MAX_LENGTH = corePROFILE_DESCRIPTION_MAX_LENGTH;
/** `URL_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const URL_MAX_LENGTH = coreURL_MAX_LENGTH;
/** `ACCOUNT_SEARCH_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const ACCOUNT_SEARCH_MAX_LENGTH = coreACCOUNT_SEARCH_MAX_LENGTH;
/** `POSTING_SLOTS_MAX` (see `@reelay/core/vocabulary`). */
export const POSTING_SLOTS_MAX = corePOSTING_SLOTS_MAX;
/** `FREE_SLOTS_MAX` (see `@reelay/core/vocabulary`). */
export const FREE_SLOTS_MAX = coreFREE_SLOTS_MAX;
/** `SLOT_TIME_PATTERN` (see `@reelay/core/vocabulary`). */
export const SLOT_TIME_PATTERN = coreSLOT_TIME_PATTERN;
/** `DEFAULT_SECRET_OVERLAP_SECONDS` (see `@reelay/core/vocabulary`). */
export const DEFAULT_SECRET_OVERLAP_SECONDS = coreDEFAULT_SECRET_OVERLAP_SECONDS;
/** `MAX_SECRET_OVERLAP_SECONDS` (see `@reelay/core/vocabulary`). */
export const MAX_SECRET_OVERLAP_SECONDS = coreMAX_SECRET_OVERLAP_SECONDS;
/** `POST_INSIGHTS_MAX_AGE_MS` (see `@reelay/core/vocabulary`). */
export const POST_INSIGHTS_MAX_AGE_MS = corePOST_INSIGHTS_MAX_AGE_MS;
/** `ACCOUNT_INSIGHTS_MAX_DAYS` (see `@reelay/core/vocabulary`). */
export const ACCOUNT_INSIGHTS_MAX_DAYS = coreACCOUNT_INSIGHTS_MAX_DAYS;
/** `ACCOUNT_INSIGHTS_DEFAULT_DAYS` (see `@reelay/core/vocabulary`). */
export const ACCOUNT_INSIGHTS_DEFAULT_DAYS = coreACCOUNT_INSIGHTS_DEFAULT_DAYS;
/** `INVITATION_VALID_DAYS` (see `@reelay/core/vocabulary`). */
export const INVITATION_VALID_DAYS = coreINVITATION_VALID_DAYS;
/** `NOTE_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const NOTE_MAX_LENGTH = coreNOTE_MAX_LENGTH;
/** `SNIPPET_KINDS` (see `@reelay/core/vocabulary`). */
export const SNIPPET_KINDS = coreSNIPPET_KINDS;
/** `SNIPPET_TITLE_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const SNIPPET_TITLE_MAX_LENGTH = coreSNIPPET_TITLE_MAX_LENGTH;
/** `SERIES_STATUSES` (see `@reelay/core/vocabulary`). */
export const SERIES_STATUSES = coreSERIES_STATUSES;
/** `RECURRENCE_MAX_OCCURRENCES` (see `@reelay/core/vocabulary`). */
export const RECURRENCE_MAX_OCCURRENCES = coreRECURRENCE_MAX_OCCURRENCES;
/** `EVERGREEN_MIN_DAYS_BETWEEN_MIN` (see `@reelay/core/vocabulary`). */
export const EVERGREEN_MIN_DAYS_BETWEEN_MIN = coreEVERGREEN_MIN_DAYS_BETWEEN_MIN;
/** `EVERGREEN_MIN_DAYS_BETWEEN_MAX` (see `@reelay/core/vocabulary`). */
export const EVERGREEN_MIN_DAYS_BETWEEN_MAX = coreEVERGREEN_MIN_DAYS_BETWEEN_MAX;
/** `EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT` (see `@reelay/core/vocabulary`). */
export const EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT = coreEVERGREEN_MIN_DAYS_BETWEEN_DEFAULT;
/** `EVERGREEN_CAPTIONS_MAX` (see `@reelay/core/vocabulary`). */
export const EVERGREEN_CAPTIONS_MAX = coreEVERGREEN_CAPTIONS_MAX;
/** `FEED_MODES` (see `@reelay/core/vocabulary`). */
export const FEED_MODES = coreFEED_MODES;
/** `FEED_STATUSES` (see `@reelay/core/vocabulary`). */
export const FEED_STATUSES = coreFEED_STATUSES;
/** `FEED_CHECK_MINUTES` (see `@reelay/core/vocabulary`). */
export const FEED_CHECK_MINUTES = coreFEED_CHECK_MINUTES;
/** `FEED_FAILURES_BEFORE_PAUSE` (see `@reelay/core/vocabulary`). */
export const FEED_FAILURES_BEFORE_PAUSE = coreFEED_FAILURES_BEFORE_PAUSE;
/** `FEED_TEMPLATE_MAX_LENGTH` (see `@reelay/core/vocabulary`). */
export const FEED_TEMPLATE_MAX_LENGTH = coreFEED_TEMPLATE_MAX_LENGTH;
/** `FEED_DEFAULT_TEMPLATE` (see `@reelay/core/vocabulary`). */
export const FEED_DEFAULT_TEMPLATE = coreFEED_DEFAULT_TEMPLATE;
/** `ACTIVITY_ACTIONS` (see `@reelay/core/vocabulary`). */
export const ACTIVITY_ACTIONS = coreACTIVITY_ACTIONS;
/** `ACTOR_KINDS` (see `@reelay/core/vocabulary`). */
export const ACTOR_KINDS = coreACTOR_KINDS;
/** `MEDIA_LIMITS` (see `@reelay/core/vocabulary`). */
export const MEDIA_LIMITS = coreMEDIA_LIMITS;
/** `POST_KINDS` (see `@reelay/core/vocabulary`). */
export const POST_KINDS = corePOST_KINDS;
/** `MEDIA_TYPES` (see `@reelay/core/vocabulary`). */
export const MEDIA_TYPES = coreMEDIA_TYPES;
/** `TARGET_STATUSES` (see `@reelay/core/vocabulary`). */
export const TARGET_STATUSES = coreTARGET_STATUSES;
/** `POST_STATUSES` (see `@reelay/core/vocabulary`). */
export const POST_STATUSES = corePOST_STATUSES;
/** `EVENT_TYPES` (see `@reelay/core/vocabulary`). */
export const EVENT_TYPES = coreEVENT_TYPES;
/** `TRIAL_GRADUATION_STRATEGIES` (see `@reelay/core/vocabulary`). */
export const TRIAL_GRADUATION_STRATEGIES = coreTRIAL_GRADUATION_STRATEGIES;
/** `DELIVERY_STATUSES` (see `@reelay/core/vocabulary`). */
export const DELIVERY_STATUSES = coreDELIVERY_STATUSES;
/** `SORT_ORDERS` (see `@reelay/core/vocabulary`). */
export const SORT_ORDERS = coreSORT_ORDERS;
/** `WEEKDAYS` (see `@reelay/core/vocabulary`). */
export const WEEKDAYS = coreWEEKDAYS;
/** `POSTING_SCHEDULE_SOURCES` (see `@reelay/core/vocabulary`). */
export const POSTING_SCHEDULE_SOURCES = corePOSTING_SCHEDULE_SOURCES;
/** `AUTH_STATUSES` (see `@reelay/core/vocabulary`). */
export const AUTH_STATUSES = coreAUTH_STATUSES;
/** `CONNECTION_STATUSES` (see `@reelay/core/vocabulary`). */
export const CONNECTION_STATUSES = coreCONNECTION_STATUSES;
/** `LOGIN_MODES` (see `@reelay/core/vocabulary`). */
export const LOGIN_MODES = coreLOGIN_MODES;
/** `MEDIA_STATUSES` (see `@reelay/core/vocabulary`). */
export const MEDIA_STATUSES = coreMEDIA_STATUSES;
/** `INSIGHTS_REASONS` (see `@reelay/core/vocabulary`). */
export const INSIGHTS_REASONS = coreINSIGHTS_REASONS;
/** `DATA_DELETION_STATUSES` (see `@reelay/core/vocabulary`). */
export const DATA_DELETION_STATUSES = coreDATA_DELETION_STATUSES;
/** `ORGANIZATION_ROLES` (see `@reelay/core/vocabulary`). */
export const ORGANIZATION_ROLES = coreORGANIZATION_ROLES;
/** `PROJECT_ROLES` (see `@reelay/core/vocabulary`). */
export const PROJECT_ROLES = corePROJECT_ROLES;
/** `ASSIGNABLE_ROLES` (see `@reelay/core/vocabulary`). */
export const ASSIGNABLE_ROLES = coreASSIGNABLE_ROLES;
/** `API_KEY_ROLES` (see `@reelay/core/vocabulary`). */
export const API_KEY_ROLES = coreAPI_KEY_ROLES;
/** `PROJECT_ENVIRONMENTS` (see `@reelay/core/vocabulary`). */
export const PROJECT_ENVIRONMENTS = corePROJECT_ENVIRONMENTS;
/** `MEDIA_INVALID_REASONS` (see `@reelay/core/vocabulary`). */
export const MEDIA_INVALID_REASONS = coreMEDIA_INVALID_REASONS;
/** `POST_OPTION_NAMES` (see `@reelay/core/vocabulary`). */
export const POST_OPTION_NAMES = corePOST_OPTION_NAMES;
/** `POST_OPTIONS_BY_KIND` (see `@reelay/core/vocabulary`). */
export const POST_OPTIONS_BY_KIND = corePOST_OPTIONS_BY_KIND;
/** `FACEBOOK_LOGIN_ONLY_OPTIONS` (see `@reelay/core/vocabulary`). */
export const FACEBOOK_LOGIN_ONLY_OPTIONS = coreFACEBOOK_LOGIN_ONLY_OPTIONS;
/** `ZONED_TIME_RESOLUTIONS` (see `@reelay/core/vocabulary`). */
export const ZONED_TIME_RESOLUTIONS = coreZONED_TIME_RESOLUTIONS;
/** `ActivityAction` (see `@reelay/core/vocabulary`). */
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
/** A snippet's kind: `caption` or `hashtags`. */
export type SnippetKind = (typeof SNIPPET_KINDS)[number];
/** A series' status: `active`, `ended` or `stopped`. */
export type SeriesStatus = (typeof SERIES_STATUSES)[number];
/** How a feed's new items arrive: as drafts or queued posts. */
export type FeedMode = (typeof FEED_MODES)[number];
/** `ActorKind` (see `@reelay/core/vocabulary`). */
export type ActorKind = (typeof ACTOR_KINDS)[number];
/** `PostKind` (see `@reelay/core/vocabulary`). */
export type PostKind = (typeof POST_KINDS)[number];
/** `MediaType` (see `@reelay/core/vocabulary`). */
export type MediaType = (typeof MEDIA_TYPES)[number];
/** `TargetStatus` (see `@reelay/core/vocabulary`). */
export type TargetStatus = (typeof TARGET_STATUSES)[number];
/** `PostStatus` (see `@reelay/core/vocabulary`). */
export type PostStatus = (typeof POST_STATUSES)[number];
/** `EventType` (see `@reelay/core/vocabulary`). */
export type EventType = (typeof EVENT_TYPES)[number];
/** `TrialGraduationStrategy` (see `@reelay/core/vocabulary`). */
export type TrialGraduationStrategy = (typeof TRIAL_GRADUATION_STRATEGIES)[number];
/** `DeliveryStatus` (see `@reelay/core/vocabulary`). */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** `SortOrder` (see `@reelay/core/vocabulary`). */
export type SortOrder = (typeof SORT_ORDERS)[number];
/** `Weekday` (see `@reelay/core/vocabulary`). */
export type Weekday = (typeof WEEKDAYS)[number];
/** `PostingScheduleSource` (see `@reelay/core/vocabulary`). */
export type PostingScheduleSource = (typeof POSTING_SCHEDULE_SOURCES)[number];
/** `AuthStatus` (see `@reelay/core/vocabulary`). */
export type AuthStatus = (typeof AUTH_STATUSES)[number];
/** `ConnectionStatus` (see `@reelay/core/vocabulary`). */
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** `LoginMode` (see `@reelay/core/vocabulary`). */
export type LoginMode = (typeof LOGIN_MODES)[number];
/** `MediaStatus` (see `@reelay/core/vocabulary`). */
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
/** `InsightsReason` (see `@reelay/core/vocabulary`). */
export type InsightsReason = (typeof INSIGHTS_REASONS)[number];
/** `DataDeletionStatus` (see `@reelay/core/vocabulary`). */
export type DataDeletionStatus = (typeof DATA_DELETION_STATUSES)[number];
/** `OrganizationRole` (see `@reelay/core/vocabulary`). */
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
/** `ProjectRole` (see `@reelay/core/vocabulary`). */
export type ProjectRole = (typeof PROJECT_ROLES)[number];
/** `AssignableRole` (see `@reelay/core/vocabulary`). */
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
/** `ApiKeyRole` (see `@reelay/core/vocabulary`). */
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
/** `DEFAULT_API_KEY_ROLE` (see `@reelay/core/vocabulary`). */
export const DEFAULT_API_KEY_ROLE: ApiKeyRole = coreDEFAULT_API_KEY_ROLE;
/** `ProjectEnvironment` (see `@reelay/core/vocabulary`). */
export type ProjectEnvironment = (typeof PROJECT_ENVIRONMENTS)[number];
/** `MediaInvalidReason` (see `@reelay/core/vocabulary`). */
export type MediaInvalidReason = (typeof MEDIA_INVALID_REASONS)[number];
/** `PostOptionName` (see `@reelay/core/vocabulary`). */
export type PostOptionName = (typeof POST_OPTION_NAMES)[number];
/** `ZonedTimeResolution` (see `@reelay/core/vocabulary`). */
export type ZonedTimeResolution = (typeof ZONED_TIME_RESOLUTIONS)[number];

/** A civil date and time as clocks show it, without a zone. Months count from 1. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** Whole seconds; 0 when absent. */
  readonly second?: number | undefined;
}

/** The instant a wall clock names in a zone, and which case applied. */
export interface ZonedInstant {
  /** Milliseconds since the epoch. */
  readonly instant: number;
  readonly resolution: ZonedTimeResolution;
}

/** Whether a role holds the permissions of another (see `@reelay/core/vocabulary`). */
export function roleMeets(role: ProjectRole, required: ProjectRole): boolean {
  return coreRoleMeets(role, required);
}

/** Whether a kind of post takes an option (see `@reelay/core/vocabulary`). */
export function kindTakesOption(kind: PostKind, option: PostOptionName): boolean {
  return coreKindTakesOption(kind, option);
}

/** The options an account may use on a kind of post (see `@reelay/core/vocabulary`). */
export function postOptionsFor(kind: PostKind, loginMode: LoginMode): readonly PostOptionName[] {
  return corePostOptionsFor(kind, loginMode);
}

/** The wall clock an instant shows in a zone, to the second (see `@reelay/core/vocabulary`). */
export function wallClockAt(instant: number | Date, timeZone: string): Required<WallClock> {
  return coreWallClockAt(instant, timeZone);
}

/** Minutes the zone is ahead of UTC at an instant (see `@reelay/core/vocabulary`). */
export function zoneOffsetMinutes(timeZone: string, instant: number | Date): number {
  return coreZoneOffsetMinutes(timeZone, instant);
}

/**
 * The instant a wall clock names in a zone: a skipped time moves to the first valid minute
 * after the gap, a repeated time is the earlier instant (see `@reelay/core/vocabulary`).
 */
export function resolveZonedTime(clock: WallClock, timeZone: string): ZonedInstant {
  return coreResolveZonedTime(clock, timeZone);
}

/** {@link resolveZonedTime}'s instant alone, in epoch milliseconds. */
export function zonedTimeToInstant(clock: WallClock, timeZone: string): number {
  return coreZonedTimeToInstant(clock, timeZone);
}

/** An offset in minutes as ISO 8601 writes it: `-03:00`. */
export function formatOffset(minutes: number): string {
  return coreFormatOffset(minutes);
}

/** An instant as local time in a zone with its offset: `2026-12-01T09:00:00-03:00`. */
export function formatZonedDateTime(instant: number | Date, timeZone: string): string {
  return coreFormatZonedDateTime(instant, timeZone);
}

/** A zone with its offset at an instant: `America/Sao_Paulo (UTC−03:00)`. */
export function zoneOffsetLabel(timeZone: string, instant: number | Date): string {
  return coreZoneOffsetLabel(timeZone, instant);
}

/** Whether a name is an IANA time zone this runtime knows. */
export function isIanaTimeZone(name: string): boolean {
  return coreIsIanaTimeZone(name);
}
