/** The request limits of spec §8, as the operator set them (`REELAY_RATE_LIMIT*`). */
import type { RateBucket } from '@reelay/core';
import type { EnvironmentVariables } from './config-schema';
import type { RateLimitSettings } from './reelay-config';

/**
 * The limit of each bucket, and whether limits apply at all.
 *
 * @example
 * ```ts
 * rateLimitSettings(vars); // { enabled: true, perMinute: { default: 300, upload: 60, … } }
 * ```
 */
export function rateLimitSettings(vars: EnvironmentVariables): RateLimitSettings {
  const perMinute: Record<RateBucket, number> = {
    default: vars.REELAY_RATE_LIMIT_DEFAULT,
    upload: vars.REELAY_RATE_LIMIT_UPLOAD,
    account: vars.REELAY_RATE_LIMIT_ACCOUNT,
    createKey: vars.REELAY_RATE_LIMIT_CREATE_KEY,
    public: vars.REELAY_RATE_LIMIT_PUBLIC,
    metaWebhook: vars.REELAY_RATE_LIMIT_META_WEBHOOK,
  };
  return { enabled: vars.REELAY_RATE_LIMITS === 'on', perMinute };
}
