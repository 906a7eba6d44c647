/**
 * Runs every setup check (`GET /v1/health/setup`, `reelay doctor`) and answers them in
 * one list, in a fixed order. The checks that reach out run side by side, each bounded.
 */
import type { SetupChecksResponse } from '@reelay/core';
import type { Mailer } from '../mail/mailer';
import type { ServerContext } from '../server-context';
import { checkAccounts } from './account-checks';
import { checkDatabase, checkDisk, checkSmtp } from './local-checks';
import { checkClock, checkPlatformCredentials } from './platform-checks';
import {
  checkMediaFetchBack,
  checkPublicUrl,
  reachabilityOf,
  redirectUriCheck,
  webhooksCheck,
} from './public-url-checks';
import { connectedAccounts, databaseProbe, fetchableMediaId } from './setup-state';

export type { SetupCheck, SetupChecksResponse } from '@reelay/core';

export interface SetupChecksService {
  /** Runs every check for the project of the caller (its accounts and media). */
  run(projectId: string): Promise<SetupChecksResponse>;
}

/**
 * The setup checks of a server.
 *
 * @example
 * ```ts
 * const setup = createSetupChecksService(context, mailer);
 * const { ok, checks } = await setup.run(projectId);
 * ```
 */
export function createSetupChecksService(
  context: Pick<ServerContext, 'config' | 'db' | 'clock' | 'media'>,
  mailer: Mailer | undefined,
): SetupChecksService {
  const { config, db, clock } = context;
  const settings = { publicUrl: config.publicUrl, allowPrivateUrls: config.allowPrivateUrls };
  const graphUrl = config.instagram.graphUrl;
  return {
    async run(projectId) {
      const reach = await reachabilityOf(config.publicUrl);
      const checks = await Promise.all([
        checkPublicUrl(settings, reach),
        (async () => {
          const mediaId = await fetchableMediaId(db, projectId);
          const record = mediaId ? await context.media.find(projectId, mediaId) : null;
          return checkMediaFetchBack({
            ...settings,
            reach,
            mediaUrl: record ? await context.media.platformUrl(record) : null,
            presigned: config.storage.kind === 's3' && config.storage.mediaDelivery === 'presigned',
          });
        })(),
        checkClock(graphUrl, () => Date.now()),
        checkPlatformCredentials({
          graphUrl,
          appId: config.instagram.appId,
          appSecret: config.instagram.appSecret,
        }),
        redirectUriCheck(config.publicUrl),
        webhooksCheck(config.publicUrl, config.inbox.verifyToken),
        connectedAccounts(db, projectId).then((accounts) =>
          checkAccounts(
            accounts,
            { instagram: config.instagram.scopes, facebook: config.facebook.scopes },
            clock.now(),
          ),
        ),
        checkSmtp(mailer),
        checkDisk(config.dataDir),
        checkDatabase(databaseProbe(db)),
      ]);
      return { success: true, checks, ok: checks.every((check) => check.status !== 'error') };
    },
  };
}
