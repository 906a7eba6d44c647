/**
 * The Instagram platform as the server uses it: the core client, configured from the
 * server's settings, or `null` when the app credentials are absent (routes that need it
 * answer `PLATFORM_CREDENTIALS_MISSING`).
 */
import { ReelayError } from '@reelay/core';
import {
  createInstagramClient,
  type InstagramClient,
  type InstagramTimeouts,
} from '@reelay/core/platform';
import type { Clock } from './clock';
import type { ReelayConfig } from './config';

export type InstagramPlatform = InstagramClient;

/** The path the platform redirects to after authorization. */
export const CALLBACK_PATH = '/v1/connect/instagram/callback';

/**
 * Creates the platform client, or `null` without app credentials.
 *
 * @example
 * ```ts
 * const platform = createPlatform(config, clock);
 * ```
 */
export function createPlatform(
  config: ReelayConfig,
  clock: Clock,
  timeouts?: Partial<InstagramTimeouts>,
): InstagramPlatform | null {
  const { appId, appSecret, authorizeUrl, apiUrl, graphUrl, graphVersion } = config.instagram;
  if (!appId || !appSecret) return null;
  return createInstagramClient({
    appId,
    appSecret,
    redirectUri: `${config.publicUrl}${CALLBACK_PATH}`,
    authorizeUrl,
    apiUrl,
    graphUrl,
    graphApiVersion: graphVersion || null,
    clock: () => new Date(clock.now()),
    ...(timeouts ? { timeouts } : {}),
  });
}

/** The platform client, or the error that says it is not configured. */
export function requirePlatform(platform: InstagramPlatform | null): InstagramPlatform {
  if (!platform) throw new ReelayError('PLATFORM_CREDENTIALS_MISSING');
  return platform;
}
