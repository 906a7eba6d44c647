/**
 * The Instagram platform as the server uses it: the core client, configured from the
 * server's settings, or `null` when the app credentials are absent (routes that need it
 * answer `PLATFORM_CREDENTIALS_MISSING`).
 */
import { pathFor, ReelayError } from '@reelay/core';
import {
  createInstagramClient,
  type InstagramClient,
  type InstagramTimeouts,
} from '@reelay/core/platform';
import type { Clock } from './clock';
import type { ReelayConfig } from './config';

export type InstagramPlatform = InstagramClient;

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

/** The settings that configure the Instagram app; both or neither (see `loadConfig`). */
export const PLATFORM_CREDENTIAL_VARIABLES = ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'] as const;

/**
 * The start-up warning of a server without app credentials: what stops working and what
 * to set, before anyone meets it as an error.
 */
export const PLATFORM_CREDENTIALS_WARNING =
  'INSTAGRAM_APP_ID e INSTAGRAM_APP_SECRET não estão definidas: conectar contas do Instagram e publicar respondem PLATFORM_CREDENTIALS_MISSING. Defina as duas ou, para desenvolver, use `pnpm dev`, que inicia o emulador do Instagram já ligado ao servidor.';

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

/** The platform client, or the error that says it is not configured. */
export function requirePlatform(platform: InstagramPlatform | null): InstagramPlatform {
  if (!platform) throw platformCredentialsMissing();
  return platform;
}
