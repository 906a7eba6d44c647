/**
 * Checks against the platform itself: the clock (signed requests and token expiries go
 * wrong when it drifts) and the app id and secret.
 */
import { boundedFetch, result, type SetupCheck } from './setup-check';

/** Beyond this much skew the clock check fails. */
export const MAX_CLOCK_SKEW_MS = 60_000;

/** What the platform checks read from the configuration. */
export interface PlatformSettings {
  graphUrl: string;
  appId: string | null;
  appSecret: string | null;
}

/**
 * `clock`: this server's clock against the `Date` header of the platform's answer.
 *
 * @example
 * ```ts
 * await checkClock('https://graph.instagram.com', () => Date.now());
 * ```
 */
export async function checkClock(graphUrl: string, now: () => number): Promise<SetupCheck> {
  const id = 'clock';
  const sentAt = now();
  const answer = await boundedFetch(graphUrl);
  if (typeof answer === 'string') {
    return result(id, 'error', 'clock_unreachable', { graphUrl, error: answer });
  }
  await answer.body?.cancel();
  const header = answer.headers.get('date');
  const platformTime = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(platformTime)) {
    return result(id, 'skipped', 'clock_no_date');
  }
  // The header has whole seconds: the midpoint of the request is the fairest comparison.
  const skewMs = Math.round((sentAt + now()) / 2 - platformTime);
  const seconds = Math.round(skewMs / 1000);
  const details = { skewSeconds: seconds };
  if (Math.abs(skewMs) > MAX_CLOCK_SKEW_MS) {
    return result(id, 'error', 'clock_skew', details);
  }
  return result(id, 'ok', 'clock_ok', details);
}

/**
 * `platform_credentials`: the app id and secret obtain an app access token.
 *
 * @example
 * ```ts
 * await checkPlatformCredentials({ graphUrl, appId: '123', appSecret: 'segredo' });
 * ```
 */
export async function checkPlatformCredentials(settings: PlatformSettings): Promise<SetupCheck> {
  const id = 'platform_credentials';
  const missing = [
    settings.appId ? null : 'INSTAGRAM_APP_ID',
    settings.appSecret ? null : 'INSTAGRAM_APP_SECRET',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) {
    return result(id, 'error', 'credentials_missing', { missing });
  }
  const query = new URLSearchParams({
    client_id: settings.appId!,
    client_secret: settings.appSecret!,
    grant_type: 'client_credentials',
  });
  const answer = await boundedFetch(`${settings.graphUrl}/oauth/access_token?${query}`);
  if (typeof answer === 'string') {
    return result(id, 'error', 'credentials_unreachable', { error: answer });
  }
  const body = (await answer.json().catch(() => null)) as {
    access_token?: unknown;
    error?: { message?: string };
  } | null;
  if (answer.ok && typeof body?.access_token === 'string') {
    return result(id, 'ok', 'credentials_ok');
  }
  return result(id, 'error', 'credentials_refused', {
    httpStatus: answer.status,
    ...(body?.error?.message ? { platformMessage: body.error.message } : {}),
  });
}
