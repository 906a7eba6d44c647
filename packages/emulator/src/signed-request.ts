import { createHmac } from 'node:crypto';

/**
 * The payload of a deauthorize or data-deletion `signed_request` (reference §5).
 *
 * @example
 * ```ts
 * const payload: SignedRequestPayload = { algorithm: 'HMAC-SHA256', issued_at: 1291836800, user_id: '218471' };
 * ```
 */
export interface SignedRequestPayload {
  readonly algorithm: 'HMAC-SHA256';
  /** Unix seconds. */
  readonly issued_at: number;
  /** The app-scoped user id, always a string. */
  readonly user_id: string;
  /** Unix seconds; data-deletion requests carry it. */
  readonly expires?: number;
  readonly [key: string]: unknown;
}

/**
 * Signs a payload the way Meta does (reference §5): `<sig>.<payload>` where `payload` is
 * the base64url JSON and `sig` the base64url HMAC-SHA256 of that payload text keyed with
 * the app secret; both without padding.
 *
 * @example
 * ```ts
 * const signed = createSignedRequest(
 *   { algorithm: 'HMAC-SHA256', issued_at: 1291836800, user_id: '17841400000000001' },
 *   'emulator-app-secret',
 * );
 * ```
 */
export function createSignedRequest(
  payload: Readonly<Record<string, unknown>>,
  appSecret: string,
): string {
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const signature = createHmac('sha256', appSecret).update(encoded).digest('base64url');
  return `${signature}.${encoded}`;
}

/**
 * What the receiver of a `signed_request` answered.
 *
 * @example
 * ```ts
 * const { status, json }: SignedRequestDelivery = await deliverSignedRequest(url, signed);
 * ```
 */
export interface SignedRequestDelivery {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
  /** The body parsed, when it was JSON (data-deletion receivers answer `{url, confirmation_code}`). */
  readonly json?: unknown;
}

/**
 * POSTs `signed_request=<…>` form-encoded to `url`, as Meta calls the deauthorize and
 * data-deletion callbacks, and reports the answer.
 *
 * @example
 * ```ts
 * const answer = await deliverSignedRequest('http://127.0.0.1:8080/deauthorize', signed);
 * answer.status; // 200
 * ```
 */
export async function deliverSignedRequest(
  url: string,
  signedRequest: string,
  timeoutMs = 10_000,
): Promise<SignedRequestDelivery> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ signed_request: signedRequest }).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await response.text();
  const contentType = response.headers.get('content-type');
  let json: unknown;
  if (contentType?.includes('json')) {
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, contentType, body, ...(json === undefined ? {} : { json }) };
}
