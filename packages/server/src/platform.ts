/**
 * The Instagram platform as the server uses it: the core clients of the Instagram Login
 * app and of the Facebook Login app, configured from the server's settings, each `null`
 * when its app credentials are absent (what needs it answers `PLATFORM_CREDENTIALS_MISSING`).
 */
import { pathFor, ReelayError } from '@reelay/core';
import {
  createFacebookLoginClient,
  createInstagramClient,
  type FacebookLoginClient,
  type InstagramClient,
  type InstagramGraphClient,
  type InstagramTimeouts,
  type PlatformCallObserver,
} from '@reelay/core/platform';
import type { Clock } from './clock';
import type { ReelayConfig } from './config';

/** The Instagram Login app: its login flow and the account calls on the Instagram host. */
export type InstagramPlatform = InstagramClient;

/** The Facebook Login app: its login flow, the Pages, and the account calls on the Facebook host. */
export type FacebookPlatform = FacebookLoginClient;

/** The account calls (publishing, limits, health, …) on the host of one account's login mode. */
export type AccountPlatform = InstagramGraphClient;

/** The path the platform redirects to after authorization. */
export const CALLBACK_PATH = pathFor('connectCallback');

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
  onCall?: PlatformCallObserver,
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
    // The upload host is Facebook's for both login modes (reference §0).
    uploadUrl: config.facebook.uploadUrl,
    graphApiVersion: graphVersion || null,
    clock: () => new Date(clock.now()),
    ...(timeouts ? { timeouts } : {}),
    ...(onCall ? { onCall } : {}),
  });
}

/**
 * Creates the Facebook Login client, or `null` without its app credentials. The redirect
 * URI is the same callback as Instagram Login's: the signed state says which login it ends.
 *
 * @example
 * ```ts
 * const facebook = createFacebookPlatform(config, clock);
 * ```
 */
export function createFacebookPlatform(
  config: ReelayConfig,
  clock: Clock,
  timeouts?: Partial<InstagramTimeouts>,
  onCall?: PlatformCallObserver,
): FacebookPlatform | null {
  const { appId, appSecret, dialogUrl, graphUrl, uploadUrl, graphVersion } = config.facebook;
  if (!appId || !appSecret) return null;
  return createFacebookLoginClient({
    appId,
    appSecret,
    redirectUri: `${config.publicUrl}${CALLBACK_PATH}`,
    dialogUrl,
    graphUrl,
    uploadUrl,
    graphApiVersion: graphVersion || null,
    clock: () => new Date(clock.now()),
    ...(timeouts ? { timeouts } : {}),
    ...(onCall ? { onCall } : {}),
  });
}

/** The settings that configure the Instagram app; both or neither (see `loadConfig`). */
export const PLATFORM_CREDENTIAL_VARIABLES = ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'] as const;

/** The settings that configure the Facebook Login app; both or neither. */
export const FACEBOOK_CREDENTIAL_VARIABLES = ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'] as const;

/**
 * The error a route answers when the app credentials are absent; `details.variables`
 * names the settings to define (additive to spec §7's optional context).
 *
 * @example
 * ```ts
 * if (!ctx.config.instagram.appSecret) throw platformCredentialsMissing();
 * ```
 */
export function platformCredentialsMissing(): ReelayError {
  return new ReelayError('PLATFORM_CREDENTIALS_MISSING', {
    details: { variables: [...PLATFORM_CREDENTIAL_VARIABLES] },
  });
}

/**
 * The error of an account or a connection of Facebook Login when its app is not
 * configured; `details.variables` names what to define.
 *
 * @example
 * ```ts
 * if (!ctx.facebook) throw facebookCredentialsMissing();
 * ```
 */
export function facebookCredentialsMissing(): ReelayError {
  return new ReelayError('PLATFORM_CREDENTIALS_MISSING', {
    message:
      'As credenciais do aplicativo do Login do Facebook não estão configuradas no servidor: defina FACEBOOK_APP_ID e FACEBOOK_APP_SECRET.',
    details: { variables: [...FACEBOOK_CREDENTIAL_VARIABLES] },
  });
}

/** The platform client, or the error that says it is not configured. */
export function requirePlatform(platform: InstagramPlatform | null): InstagramPlatform {
  if (!platform) throw platformCredentialsMissing();
  return platform;
}

/** The Facebook Login client, or the error that says it is not configured. */
export function requireFacebook(facebook: FacebookPlatform | null): FacebookPlatform {
  if (!facebook) throw facebookCredentialsMissing();
  return facebook;
}
