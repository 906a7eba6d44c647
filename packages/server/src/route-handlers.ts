/**
 * Every contract route's handler, each given the services it calls: built once by
 * `createReelay`. Services own the store, transactions and locks; handlers translate
 * requests and answers.
 */
import { accountHandlers } from './http/handlers/account';
import { authHandlers } from './http/handlers/auth';
import { connectHandlers } from './http/handlers/connect';
import { healthHandlers } from './http/handlers/health';
import { integrationHandlers } from './http/handlers/integrations';
import { mediaHandlers } from './http/handlers/media';
import { metaCallbackHandlers } from './http/handlers/meta-callbacks';
import { notificationHandlers } from './http/handlers/notifications';
import { postHandlers } from './http/handlers/posts';
import { profileHandlers } from './http/handlers/profiles';
import type { RouteHandlers } from './http/route-handler';
import type { ServerContext } from './server-context';
import { createAccountService } from './services/account';
import { createApiKeysService } from './services/api-keys';
import { createIntegrationsService } from './services/integrations';
import { createPlatformUserDataService } from './services/platform-user-data';
import { createPostsService } from './services/posts';
import { createProfilesService } from './services/profiles';
import type { Webhooks } from './webhooks/webhook-service';

/**
 * @example
 * ```ts
 * const handlers = createRouteHandlers(context, createWebhooks(context));
 * ```
 */
export function createRouteHandlers(context: ServerContext, webhooks: Webhooks): RouteHandlers {
  const { db, clock, logger, cipher, platform, config } = context;
  const account = createAccountService({ db, clock, logger, media: context.media });
  const apiKeys = createApiKeysService({ db, clock });
  const profiles = createProfilesService({ db, clock });
  const integrations = createIntegrationsService({ db, clock, platform, cipher, logger });
  const platformUserData = createPlatformUserDataService({ db, clock });
  const posts = createPostsService(context);
  return {
    ...healthHandlers(config.publicUrl, account),
    ...authHandlers(context),
    ...accountHandlers({ account, apiKeys }),
    ...profileHandlers(profiles),
    ...integrationHandlers(integrations),
    ...connectHandlers(context, { integrations, profiles }),
    ...metaCallbackHandlers(context, platformUserData),
    ...postHandlers(posts, config.publicUrl),
    ...mediaHandlers(context),
    ...notificationHandlers(context, webhooks),
  };
}
