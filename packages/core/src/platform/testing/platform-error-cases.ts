/**
 * Exact platform error answers (reference §1a, §4) and the Reelay error each must become:
 * shared by the pure mapping tests and the tests over real HTTP.
 */
import type { HttpErrorCode } from '../../errors/catalogue';
import type { PlatformOutcome } from '../instagram-platform-error';

export interface PlatformErrorCase {
  readonly name: string;
  readonly status: number;
  /** The exact bytes of the answer. */
  readonly body: string;
  readonly reelay: HttpErrorCode;
  readonly reason?: string;
  readonly scope?: string;
  readonly transient: boolean;
  readonly outcome: PlatformOutcome;
  readonly fbtraceId?: string;
}

const graph = (fields: string) => `{"error":{${fields}}}`;

/**
 * Every row of the mapping as the platform would answer it, with the expected Reelay error.
 *
 * @example
 * ```ts
 * it.each(PLATFORM_ERROR_CASES)('maps $name to $reelay', (expected) => { … });
 * ```
 */
export const PLATFORM_ERROR_CASES: readonly PlatformErrorCase[] = [
  {
    name: '190/463 expired token',
    status: 400,
    body: graph(
      '"message":"Error validating access token: Session has expired on Friday, 21-Nov-25 10:00:00 PST.","type":"OAuthException","code":190,"error_subcode":463,"fbtrace_id":"AxT1exp"',
    ),
    reelay: 'TOKEN_INVALID',
    transient: false,
    outcome: 'refused',
    fbtraceId: 'AxT1exp',
  },
  {
    name: '190 unparseable token',
    status: 400,
    body: graph(
      '"message":"Invalid OAuth access token - Cannot parse access token","type":"OAuthException","code":190,"fbtrace_id":"AbC190"',
    ),
    reelay: 'TOKEN_INVALID',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '102 API session',
    status: 400,
    body: graph('"message":"API Session","type":"OAuthException","code":102,"fbtrace_id":"A102"'),
    reelay: 'TOKEN_INVALID',
    transient: false,
    outcome: 'refused',
  },
  ...[4, 17, 32, 613, 341, 80002].map((code): PlatformErrorCase => ({
    name: `${code} throttling`,
    status: code === 4 ? 403 : 400,
    body: graph(
      `"message":"(#${code}) Application request limit reached","type":"OAuthException","is_transient":true,"code":${code},"fbtrace_id":"Athr${code}"`,
    ),
    reelay: 'RATE_LIMIT_APP',
    transient: true,
    outcome: 'refused',
    fbtraceId: `Athr${code}`,
  })),
  {
    name: '9/2207042 publishing quota',
    status: 400,
    body: graph(
      '"message":"Application request limit reached","type":"OAuthException","is_transient":false,"code":9,"error_subcode":2207042,"error_user_title":"Cannot publish","error_user_msg":"You have reached the maximum number of posts that is allowed to be published by API in a 24 hours period.","fbtrace_id":"Aquota"',
    ),
    reelay: 'RATE_LIMIT_ACCOUNT',
    reason: 'publishing_quota',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '4/2207051 spam, not throttling',
    status: 400,
    body: graph(
      '"message":"Application request limit reached","type":"OAuthException","is_transient":false,"code":4,"error_subcode":2207051,"error_user_title":"Action is blocked","error_user_msg":"We restrict certain activity to protect our community.","fbtrace_id":"Aspam"',
    ),
    reelay: 'SPAM_SUSPECTED',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '368 policy block',
    status: 400,
    body: graph(
      '"message":"The action attempted has been deemed abusive or is otherwise disallowed","type":"OAuthException","code":368,"fbtrace_id":"A368"',
    ),
    reelay: 'SPAM_SUSPECTED',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '25/2207050 restricted account',
    status: 400,
    body: graph(
      '"message":"The Instagram account is restricted.","type":"OAuthException","code":25,"error_subcode":2207050,"fbtrace_id":"A25"',
    ),
    reelay: 'ACCOUNT_RESTRICTED',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '10 permission denied (scope inferred from the call)',
    status: 403,
    body: graph(
      '"message":"(#10) Application does not have permission for this action","type":"OAuthException","code":10,"fbtrace_id":"A10"',
    ),
    reelay: 'PERMISSION_REQUIRED',
    scope: 'instagram_business_content_publish',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '200 permission missing (scope named by the message)',
    status: 403,
    body: graph(
      '"message":"(#200) Requires instagram_business_manage_comments permission to manage the object","type":"OAuthException","code":200,"fbtrace_id":"A200"',
    ),
    reelay: 'PERMISSION_REQUIRED',
    scope: 'instagram_business_manage_comments',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '-2/2207020 expired container',
    status: 400,
    body: graph(
      '"message":"The media has expired.","type":"OAuthException","code":-2,"error_subcode":2207020,"fbtrace_id":"Aexp"',
    ),
    reelay: 'CONTAINER_EXPIRED',
    reason: 'container_expired',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '24/2207006 media not found',
    status: 400,
    body: graph(
      '"message":"The media with id 1790 cannot be found","type":"OAuthException","code":24,"error_subcode":2207006,"fbtrace_id":"A24"',
    ),
    reelay: 'CONTAINER_EXPIRED',
    reason: 'media_not_found',
    transient: false,
    outcome: 'refused',
  },
  ...(
    [
      [36000, 2207004, 'too_large'],
      [36001, 2207005, 'mime'],
      [36003, 2207009, 'aspect'],
      [352, 2207026, 'mime'],
      [100, 2207023, 'mime'],
      [36004, 2207010, undefined],
      [100, 2207028, undefined],
      [1, 2207057, undefined],
    ] as const
  ).map(([code, subcode, reason]): PlatformErrorCase => ({
    name: `${code}/${subcode} media error`,
    status: 400,
    body: graph(
      `"message":"Invalid parameter","type":"OAuthException","code":${code},"error_subcode":${subcode},"is_transient":false,"error_user_title":"Media error","error_user_msg":"The media is not supported.","fbtrace_id":"Am${subcode}"`,
    ),
    reelay: 'MEDIA_INVALID',
    ...(reason ? { reason } : {}),
    transient: false,
    outcome: 'refused',
  })),
  {
    name: '9004/2207052 media fetch failed',
    status: 400,
    body: graph(
      '"message":"Only photo or video can be accepted as media type.","type":"OAuthException","code":9004,"error_subcode":2207052,"error_user_title":"Media download has failed.","error_user_msg":"The media could not be fetched from this uri: https://cdn.example/a.jpg","fbtrace_id":"Afetch"',
    ),
    reelay: 'MEDIA_FETCH_FAILED',
    transient: false,
    outcome: 'refused',
  },
  {
    name: '-2/2207003 media download timed out',
    status: 400,
    body: graph(
      '"message":"Timeout","type":"OAuthException","code":-2,"error_subcode":2207003,"is_transient":true,"fbtrace_id":"Adl"',
    ),
    reelay: 'MEDIA_FETCH_FAILED',
    reason: 'download_timeout',
    transient: true,
    outcome: 'refused',
  },
  ...(
    [
      [1, undefined, 'platform_unavailable'],
      [2, undefined, 'platform_unavailable'],
      [-1, 2207001, 'platform_server_error'],
      [-1, 2207032, 'create_media_failed'],
      [-1, 2207053, 'upload_failed'],
      [9007, 2207027, 'media_not_ready'],
      [24, 2207008, 'container_not_found'],
    ] as const
  ).map(([code, subcode, reason]): PlatformErrorCase => ({
    name: `${code}${subcode ? `/${subcode}` : ''} transient`,
    status: code === 2 ? 500 : 400,
    body: graph(
      `"message":"An unexpected error has occurred. Please retry your request later.","type":"OAuthException","is_transient":true,"code":${code}${subcode ? `,"error_subcode":${subcode}` : ''},"fbtrace_id":"At${code}"`,
    ),
    reelay: 'INTERNAL_ERROR',
    reason,
    transient: true,
    outcome: 'refused',
  })),
  {
    name: 'an unknown code, its trace id kept',
    status: 400,
    body: graph(
      '"message":"Something new","type":"IGApiException","code":12345,"error_subcode":9999999,"is_transient":false,"fbtrace_id":"AunknownTrace"',
    ),
    reelay: 'INTERNAL_ERROR',
    reason: 'unknown_platform_error',
    transient: false,
    outcome: 'refused',
    fbtraceId: 'AunknownTrace',
  },
  {
    name: 'code and subcode sent as strings',
    status: 400,
    body: graph('"message":"x","type":"OAuthException","code":"9","error_subcode":"2207042"'),
    reelay: 'RATE_LIMIT_ACCOUNT',
    reason: 'publishing_quota',
    transient: false,
    outcome: 'refused',
  },
  {
    name: 'an error envelope answered with HTTP 200',
    status: 200,
    body: graph('"message":"Invalid OAuth access token","type":"OAuthException","code":190'),
    reelay: 'TOKEN_INVALID',
    transient: false,
    outcome: 'refused',
  },
  {
    name: 'the legacy OAuth shape for a used code',
    status: 400,
    body: '{"error_type": "OAuthException", "code": 400, "error_message": "Matching code was not found or was already used"}',
    reelay: 'TOKEN_INVALID',
    reason: 'authorization_code_invalid',
    transient: false,
    outcome: 'refused',
  },
  {
    name: 'the legacy OAuth shape for a bad app',
    status: 400,
    body: '{"error_type": "OAuthException", "code": 400, "error_message": "Invalid platform app"}',
    reelay: 'INTERNAL_ERROR',
    reason: 'unknown_platform_error',
    transient: false,
    outcome: 'refused',
  },
  {
    name: 'a non-JSON 502 page',
    status: 502,
    body: '<html><head><title>502 Bad Gateway</title></head><body>Bad Gateway</body></html>',
    reelay: 'INTERNAL_ERROR',
    reason: 'unexpected_response',
    transient: true,
    outcome: 'unknown',
  },
  {
    name: 'an empty 500',
    status: 500,
    body: '',
    reelay: 'INTERNAL_ERROR',
    reason: 'unexpected_response',
    transient: true,
    outcome: 'unknown',
  },
  {
    name: 'an empty 400',
    status: 400,
    body: '',
    reelay: 'INTERNAL_ERROR',
    reason: 'unexpected_response',
    transient: false,
    outcome: 'refused',
  },
];
