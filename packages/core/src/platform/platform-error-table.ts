/**
 * The platform's error codes and subcodes (reference §4) and the Reelay code each one
 * becomes (spec §7). Instagram answers most publishing failures with HTTP 400, throttling
 * included, so the table is keyed by the Graph `code` and `error_subcode`, never by status.
 */
import type { HttpErrorCode } from '../errors/catalogue';
import type { MediaInvalidReason } from '../vocabulary/enums';

/**
 * The permission each family of calls needs (reference §1a "Scopes").
 *
 * @example
 * ```ts
 * client.authorizationUrl({ state, scopes: [INSTAGRAM_SCOPES.basic, INSTAGRAM_SCOPES.contentPublish] });
 * ```
 */
export const INSTAGRAM_SCOPES = {
  basic: 'instagram_business_basic',
  contentPublish: 'instagram_business_content_publish',
  manageComments: 'instagram_business_manage_comments',
  manageInsights: 'instagram_business_manage_insights',
} as const;

/** One row of the mapping: which platform errors it matches and what they become. */
export interface PlatformErrorRule {
  /** Graph `code`s matched; a pair `[from, to]` is an inclusive range. Absent: any code. */
  readonly codes?: ReadonlyArray<number | readonly [number, number]>;
  /** The `error_subcode` matched. Absent: any subcode. */
  readonly subcode?: number;
  readonly reelay: HttpErrorCode;
  /**
   * `details.reason`: for `MEDIA_INVALID`, only one of the reasons spec §7 lists (absent when
   * none fits, e.g. a caption or `thumb_offset` error); for other codes, a short cause.
   */
  readonly reason?: MediaInvalidReason | string;
  /** Whether the same call may succeed when repeated after a backoff. */
  readonly transient: boolean;
  /** Portuguese text for people, more precise than the catalogue's, when one helps. */
  readonly message?: string;
  /** What the platform means, in English, for the table's readers. */
  readonly meaning: string;
}

/**
 * Rules matched on the subcode alone. A container's `status` text names only the subcode
 * (reference §2 "Container status"), and community sources pair the same subcode with
 * different codes, so a known subcode decides before its code does.
 *
 * @example
 * ```ts
 * SUBCODE_RULES.find((rule) => rule.subcode === 2207042)?.reelay; // 'RATE_LIMIT_ACCOUNT'
 * ```
 */
export const SUBCODE_RULES: readonly PlatformErrorRule[] = [
  {
    subcode: 2207001,
    reelay: 'INTERNAL_ERROR',
    reason: 'platform_server_error',
    transient: true,
    meaning: 'Instagram server error; retry',
  },
  {
    subcode: 2207003,
    reelay: 'MEDIA_FETCH_FAILED',
    reason: 'download_timeout',
    transient: true,
    message: 'O Instagram não conseguiu baixar a mídia a tempo; tente de novo.',
    meaning: 'media download timed out; retry',
  },
  {
    subcode: 2207004,
    reelay: 'MEDIA_INVALID',
    reason: 'too_large',
    transient: false,
    message: 'A imagem passa de 8 MB.',
    meaning: 'image larger than 8 MiB',
  },
  {
    subcode: 2207005,
    reelay: 'MEDIA_INVALID',
    reason: 'mime',
    transient: false,
    message: 'Formato de imagem não suportado; use JPEG.',
    meaning: 'unsupported image format',
  },
  {
    subcode: 2207006,
    reelay: 'CONTAINER_EXPIRED',
    reason: 'media_not_found',
    transient: false,
    meaning: 'media not found (expired container or token); create a new container',
  },
  {
    subcode: 2207008,
    reelay: 'INTERNAL_ERROR',
    reason: 'container_not_found',
    transient: true,
    meaning: 'media builder not found or expired; retry within minutes, else a new container',
  },
  {
    subcode: 2207009,
    reelay: 'MEDIA_INVALID',
    reason: 'aspect',
    transient: false,
    message: 'A proporção da imagem deve ficar entre 4:5 e 1.91:1.',
    meaning: 'image aspect ratio outside 4:5–1.91:1',
  },
  {
    subcode: 2207010,
    reelay: 'MEDIA_INVALID',
    transient: false,
    message: 'A legenda passa de 2.200 caracteres, 30 hashtags ou 20 menções.',
    meaning: 'caption too long, or too many hashtags or @tags',
  },
  {
    subcode: 2207020,
    reelay: 'CONTAINER_EXPIRED',
    reason: 'container_expired',
    transient: false,
    meaning: 'container expired; create a new one',
  },
  {
    subcode: 2207023,
    reelay: 'MEDIA_INVALID',
    reason: 'mime',
    transient: false,
    message: 'Tipo de mídia desconhecido.',
    meaning: 'unknown media type',
  },
  {
    subcode: 2207026,
    reelay: 'MEDIA_INVALID',
    reason: 'mime',
    transient: false,
    message: 'Formato de vídeo não suportado; use MP4 ou MOV conforme as especificações.',
    meaning: 'unsupported video format',
  },
  {
    subcode: 2207027,
    reelay: 'INTERNAL_ERROR',
    reason: 'media_not_ready',
    transient: true,
    meaning: 'media not ready for publishing; poll the container until FINISHED',
  },
  {
    subcode: 2207028,
    reelay: 'MEDIA_INVALID',
    transient: false,
    message: 'Um carrossel leva de 2 a 10 mídias.',
    meaning: 'carousel needs 2 to 10 items',
  },
  {
    subcode: 2207032,
    reelay: 'INTERNAL_ERROR',
    reason: 'create_media_failed',
    transient: true,
    meaning: 'create media failed; retry with a new container',
  },
  {
    subcode: 2207040,
    reelay: 'MEDIA_INVALID',
    transient: false,
    message: 'A legenda passa de 20 menções.',
    meaning: 'more than 20 @tags',
  },
  {
    subcode: 2207042,
    reelay: 'RATE_LIMIT_ACCOUNT',
    reason: 'publishing_quota',
    transient: false,
    meaning: 'publishing quota of the rolling 24 h window reached',
  },
  {
    subcode: 2207050,
    reelay: 'ACCOUNT_RESTRICTED',
    transient: false,
    meaning: 'account restricted, inactive or checkpointed; the user must open Instagram',
  },
  {
    subcode: 2207051,
    reelay: 'SPAM_SUSPECTED',
    transient: false,
    meaning: 'action restricted as suspected spam (code 4, but not throttling)',
  },
  {
    subcode: 2207052,
    reelay: 'MEDIA_FETCH_FAILED',
    transient: false,
    meaning: 'media could not be fetched from the URL',
  },
  {
    subcode: 2207053,
    reelay: 'INTERNAL_ERROR',
    reason: 'upload_failed',
    transient: true,
    meaning: 'unknown video upload error; retry with a new container',
  },
  {
    subcode: 2207057,
    reelay: 'MEDIA_INVALID',
    transient: false,
    message: 'thumbOffset passa da duração do vídeo.',
    meaning: 'thumb_offset out of the video duration',
  },
  {
    subcode: 2207076,
    reelay: 'MEDIA_INVALID',
    transient: false,
    message: 'O vídeo não atende às especificações de Reels.',
    meaning: 'video incompatible with the Reels spec (seen in status text)',
  },
  {
    subcode: 2207077,
    reelay: 'MEDIA_FETCH_FAILED',
    transient: false,
    meaning: 'fetching or processing video_url failed (seen in status text)',
  },
  {
    subcode: 2207089,
    reelay: 'INTERNAL_ERROR',
    reason: 'video_container_alone',
    transient: false,
    message:
      'O Instagram recusou publicar um vídeo de carrossel sozinho; um vídeo único é publicado como Reel.',
    meaning: 'a VIDEO container cannot be published on its own; it must be a carousel item',
  },
  {
    subcode: 2207085,
    reelay: 'INTERNAL_ERROR',
    reason: 'processing_failed',
    transient: true,
    meaning: 'processing failure treated as transient by community clients',
  },
];

/**
 * Rules matched on the code when no subcode rule applies.
 *
 * @example
 * ```ts
 * CODE_RULES.find((rule) => rule.codes?.includes(190))?.reelay; // 'TOKEN_INVALID'
 * ```
 */
export const CODE_RULES: readonly PlatformErrorRule[] = [
  {
    codes: [1, 2],
    reelay: 'INTERNAL_ERROR',
    reason: 'platform_unavailable',
    transient: true,
    meaning: 'unknown or service error; retry with backoff',
  },
  {
    codes: [-1],
    reelay: 'INTERNAL_ERROR',
    reason: 'platform_server_error',
    transient: true,
    meaning: 'Instagram server error; retry',
  },
  {
    codes: [4, 17, 32, 341, 613, [80000, 80099]],
    reelay: 'RATE_LIMIT_APP',
    transient: true,
    meaning: 'app, user, page, custom or business-use-case throttling',
  },
  {
    codes: [9],
    reelay: 'RATE_LIMIT_ACCOUNT',
    reason: 'publishing_quota',
    transient: false,
    meaning: 'publishing limit of the account',
  },
  {
    codes: [10, [200, 299]],
    reelay: 'PERMISSION_REQUIRED',
    transient: false,
    meaning: 'permission denied, missing or removed; re-request it',
  },
  { codes: [25], reelay: 'ACCOUNT_RESTRICTED', transient: false, meaning: 'account restricted' },
  {
    codes: [102, 190],
    reelay: 'TOKEN_INVALID',
    transient: false,
    meaning: 'token expired, revoked or invalid (any 190 subcode needs a new login)',
  },
  {
    codes: [352],
    reelay: 'MEDIA_INVALID',
    reason: 'mime',
    transient: false,
    message: 'Formato de vídeo não suportado; use MP4 ou MOV conforme as especificações.',
    meaning: 'unsupported video format',
  },
  {
    codes: [368],
    reelay: 'SPAM_SUSPECTED',
    transient: false,
    meaning: 'temporarily blocked for policy violations; do not hammer',
  },
  {
    codes: [9004],
    reelay: 'MEDIA_FETCH_FAILED',
    transient: false,
    meaning: 'media could not be fetched from the URL',
  },
  {
    codes: [9007],
    reelay: 'INTERNAL_ERROR',
    reason: 'media_not_ready',
    transient: true,
    meaning: 'media not ready for publishing',
  },
  {
    codes: [36000],
    reelay: 'MEDIA_INVALID',
    reason: 'too_large',
    transient: false,
    message: 'A imagem passa de 8 MB.',
    meaning: 'image larger than 8 MiB',
  },
  {
    codes: [36001],
    reelay: 'MEDIA_INVALID',
    reason: 'mime',
    transient: false,
    message: 'Formato de imagem não suportado; use JPEG.',
    meaning: 'unsupported image format',
  },
  {
    codes: [36003],
    reelay: 'MEDIA_INVALID',
    reason: 'aspect',
    transient: false,
    message: 'A proporção da imagem deve ficar entre 4:5 e 1.91:1.',
    meaning: 'image aspect ratio outside 4:5–1.91:1',
  },
  {
    codes: [36004],
    reelay: 'MEDIA_INVALID',
    transient: false,
    message: 'A legenda passa de 2.200 caracteres, 30 hashtags ou 20 menções.',
    meaning: 'caption too long',
  },
];

/**
 * The whole mapping, subcode rules first: the order in which rules are tried.
 *
 * @example
 * ```ts
 * for (const rule of PLATFORM_ERROR_TABLE) console.log(rule.codes, rule.subcode, rule.reelay);
 * ```
 */
export const PLATFORM_ERROR_TABLE: readonly PlatformErrorRule[] = [...SUBCODE_RULES, ...CODE_RULES];

function codeMatches(rule: PlatformErrorRule, code: number | undefined): boolean {
  if (!rule.codes) return true;
  if (code === undefined) return false;
  return rule.codes.some((entry) =>
    typeof entry === 'number' ? entry === code : code >= entry[0] && code <= entry[1],
  );
}

/**
 * The rule for a platform `code` and `error_subcode`, or `undefined` when the table does
 * not know them. A known subcode decides first (code 4 with subcode 2207051 is spam, not
 * throttling); otherwise the code does.
 *
 * @example
 * ```ts
 * findPlatformErrorRule(4, 2207051)?.reelay; // 'SPAM_SUSPECTED'
 * findPlatformErrorRule(4, undefined)?.reelay; // 'RATE_LIMIT_APP'
 * findPlatformErrorRule(12345, undefined); // undefined
 * ```
 */
export function findPlatformErrorRule(
  code: number | undefined,
  subcode: number | undefined,
): PlatformErrorRule | undefined {
  if (subcode !== undefined) {
    const bySubcode = SUBCODE_RULES.find(
      (rule) => rule.subcode === subcode && codeMatches(rule, code),
    );
    if (bySubcode) return bySubcode;
  }
  return CODE_RULES.find((rule) => codeMatches(rule, code));
}
