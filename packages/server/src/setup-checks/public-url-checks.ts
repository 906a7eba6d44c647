/**
 * Checks of the server's public address (`REELAY_PUBLIC_URL`): the platform fetches media
 * and calls back through it, so it must be https, public and resolvable, and must lead
 * back to this server.
 */
import { promisify } from 'node:util';
import type { LookupAddress } from 'node:dns';
import { PUBLIC_ONLY } from '../media/address-policy';
import { guardedLookup, RefusedAddressError } from '../media/guarded-lookup';
import { boundedFetch, errorText, result, type SetupCheck } from './setup-check';

/** What the public URL checks read from the configuration. */
export interface PublicUrlSettings {
  publicUrl: string;
  allowPrivateUrls: boolean;
}

/** Whether the public URL's host is one the platform can reach, and why not. */
export type Reachability =
  | { kind: 'public' }
  | { kind: 'private'; host: string; address: string; addressKind: string }
  | { kind: 'unresolved'; host: string; error: string };

const lookupPublic = promisify(guardedLookup(PUBLIC_ONLY)) as unknown as (
  host: string,
  options: { all: true },
) => Promise<LookupAddress[]>;

/**
 * Resolves the public URL's host through the same policy as media imports.
 *
 * @example
 * ```ts
 * await reachabilityOf('http://127.0.0.1:3000'); // { kind: 'private', host: '127.0.0.1', … }
 * ```
 */
export async function reachabilityOf(publicUrl: string): Promise<Reachability> {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  try {
    await lookupPublic(host, { all: true });
    return { kind: 'public' };
  } catch (error) {
    if (error instanceof RefusedAddressError) {
      return { kind: 'private', host, address: error.address, addressKind: error.reason };
    }
    return { kind: 'unresolved', host, error: errorText(error) };
  }
}

/**
 * `public_url`: https, and a host that resolves to public addresses only.
 *
 * @example
 * ```ts
 * checkPublicUrl({ publicUrl: 'http://127.0.0.1:3000', allowPrivateUrls: false }, reachability);
 * ```
 */
export function checkPublicUrl(settings: PublicUrlSettings, reach: Reachability): SetupCheck {
  const id = 'public_url';
  const url = new URL(settings.publicUrl);
  const scheme = url.protocol.replace(':', '');
  if (scheme === 'https' && reach.kind === 'public') {
    return result(id, 'ok', 'public_url_ok', { publicUrl: settings.publicUrl, scheme });
  }
  // A development setup may run on loopback on purpose; the name it gives that is the flag.
  const status = settings.allowPrivateUrls && reach.kind !== 'unresolved' ? 'warning' : 'error';
  const { kind: _kind, ...where } = reach;
  return result(id, status, 'public_url_problem', {
    publicUrl: settings.publicUrl,
    scheme,
    ...where,
    privateAllowed: settings.allowPrivateUrls,
  });
}

/**
 * `redirect_uri`: the exact address the Meta app must list as a valid OAuth redirect.
 *
 * @example
 * ```ts
 * redirectUriCheck('https://reelay.example.com').details; // { redirectUri: 'https://reelay.example.com/v1/connect/instagram/callback' }
 * ```
 */
export function redirectUriCheck(publicUrl: string): SetupCheck {
  const redirectUri = `${publicUrl}/v1/connect/instagram/callback`;
  return result('redirect_uri', 'ok', 'redirect_uri', { redirectUri });
}

/**
 * `meta_webhooks`: whether the verify token is set, and the callback URL to register.
 *
 * @example
 * ```ts
 * webhooksCheck('https://reelay.example.com', null).status; // 'warning'
 * ```
 */
export function webhooksCheck(publicUrl: string, verifyToken: string | null): SetupCheck {
  const callbackUrl = `${publicUrl}/v1/meta/webhooks`;
  if (!verifyToken) {
    return result('meta_webhooks', 'warning', 'meta_webhooks_missing', { callbackUrl });
  }
  return result('meta_webhooks', 'ok', 'meta_webhooks_ok', { callbackUrl });
}

/** What the fetch-back check needs: a file URL of this server's media, if there is one. */
export interface FetchBackInput extends PublicUrlSettings {
  reach: Reachability;
  /** The URL the platform would fetch for one stored file, or null without media. */
  mediaUrl: string | null;
  /** Whether media is delivered by presigned bucket URLs instead of this server's `/media`. */
  presigned: boolean;
}

/**
 * `media_fetch_back`: the public URL leads back to this server, and a stored file comes
 * back through it in part (`Range: bytes=0-99` → 206), as the platform fetches videos.
 *
 * @example
 * ```ts
 * await checkMediaFetchBack({ publicUrl, allowPrivateUrls: true, reach, mediaUrl: null, presigned: false });
 * ```
 */
export async function checkMediaFetchBack(input: FetchBackInput): Promise<SetupCheck> {
  const id = 'media_fetch_back';
  if (input.reach.kind !== 'public' && !input.allowPrivateUrls) {
    return result(id, 'skipped', 'fetch_back_skipped');
  }
  const health = await boundedFetch(`${input.publicUrl}/healthz`);
  if (typeof health === 'string' || !health.ok) {
    const why = typeof health === 'string' ? health : `HTTP ${health.status}`;
    return result(id, 'error', 'fetch_back_unreachable', { publicUrl: input.publicUrl, why });
  }
  const delivery = { presigned: input.presigned };
  if (!input.mediaUrl) return result(id, 'ok', 'fetch_back_no_media', delivery);
  const answer = await boundedFetch(input.mediaUrl, { headers: { range: 'bytes=0-99' } });
  if (typeof answer !== 'string') await answer.body?.cancel();
  if (typeof answer === 'string' || answer.status !== 206) {
    const why = typeof answer === 'string' ? answer : `HTTP ${answer.status}`;
    return result(id, 'error', 'fetch_back_no_range', { ...delivery, why });
  }
  return result(id, 'ok', 'fetch_back_ok', delivery);
}
