/**
 * Every contract route's handler, each given the services it calls: built once by
 * `createReelay`. Services own the store, transactions and locks; handlers translate
 * requests and answers.
 */
import { accountHandlers } from './http/handlers/account';
import { authHandlers } from './http/handlers/auth';
import { authOptionsHandlers } from './http/handlers/auth-options';
import { connectHandlers } from './http/handlers/connect';
import { healthHandlers } from './http/handlers/health';
import { setupCheckHandlers } from './http/handlers/setup';
import { createSetupChecksService } from './setup-checks/setup-checks-service';
import { insightsHandlers } from './http/handlers/insights';
import { integrationHandlers } from './http/handlers/integrations';
import { mediaHandlers } from './http/handlers/media';
import { metaCallbackHandlers } from './http/handlers/meta-callbacks';
import { notificationHandlers } from './http/handlers/notifications';
import { postingSlotHandlers } from './http/handlers/posting-slots';
import { postHandlers } from './http/handlers/posts';
import { profileHandlers } from './http/handlers/profiles';
import { teamHandlers } from './http/handlers/team';
import { projectSettingsHandlers } from './http/handlers/project-settings';
import { reviewLinkHandlers } from './http/handlers/review-links';
import { commentHandlers } from './http/handlers/comments';
import { snippetHandlers } from './http/handlers/snippets';
import { seriesHandlers } from './http/handlers/series';
import { feedHandlers } from './http/handlers/feeds';
import { createSnippetsService } from './services/snippets';
import { createSeriesService } from './services/series';
import { createFeedsService } from './services/feeds';
import { createInboxService } from './inbox/inbox-service';
import { subscribeAccounts } from './inbox/webhook-subscription';
import { createReviewLinksService } from './services/review-links';
import { createProjectSettingsService } from './services/project-settings';
import type { RouteHandlers } from './http/route-handler';
import type { ServerContext } from './server-context';
import { createAccountService } from './services/account';
import { createApiKeysService } from './services/api-keys';
import { createInsightsService } from './services/insights';
import { createMediaLibraryService } from './services/media-library';
import { createIntegrationsService } from './services/integrations';
import { createPlatformUserDataService } from './services/platform-user-data';
import { createPostingSlotsService } from './services/posting-slots';
import { createPostsService } from './services/posts';
import { createProfilesService } from './services/profiles';
import { createSessionsService } from './services/sessions';
import { createTeamService } from './services/team';
import { createMailer } from './mail/mailer';
import { createSubscriptionsService } from './webhooks/subscriptions-service';
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
  const integrations = createIntegrationsService(
    { db, clock, platform, facebook: context.facebook, cipher, logger },
    { afterConnect: (accounts) => subscribeAccounts(context, accounts) },
  );
  const platformUserData = createPlatformUserDataService({ db, clock });
  const posts = createPostsService(context);
  const mailer = config.smtp
    ? createMailer({ smtpUrl: config.smtp.url, from: config.smtp.from, logger })
    : undefined;
  const team = createTeamService({ db, clock, publicUrl: config.publicUrl, mailer });
  const sessions = createSessionsService({
    db,
    capabilities: context.capabilities,
    clock,
    accessTokens: context.accessTokens,
    allowSignup: config.allowSignup,
    invitations: team,
  });
  const subscriptions = createSubscriptionsService({
    db,
    capabilities: context.capabilities,
    wakeWorker: context.wakeWorker,
    clock,
    cipher,
    publicUrl: config.publicUrl,
    policy: webhooks.policy,
    sender: webhooks.sender,
  });
  return {
    ...healthHandlers(config.publicUrl, account, context.storeHealth),
    ...setupCheckHandlers(createSetupChecksService(context, mailer)),
    ...authHandlers(sessions),
    ...authOptionsHandlers({ config, signupOpen: () => sessions.signupOpen() }),
    ...accountHandlers({ account, apiKeys }),
    ...teamHandlers(team),
    ...projectSettingsHandlers(createProjectSettingsService({ db })),
    ...profileHandlers(profiles),
    ...integrationHandlers(integrations),
    ...postingSlotHandlers(
      createPostingSlotsService({
        db,
        clock,
        platform,
        facebook: context.facebook,
        cipher,
        logger,
      }),
    ),
    ...connectHandlers(context, { integrations, profiles }),
    ...metaCallbackHandlers(context, platformUserData),
    ...postHandlers(posts, config.publicUrl),
    ...reviewLinkHandlers(createReviewLinksService(context)),
    ...commentHandlers(createInboxService(context), context),
    ...insightsHandlers(createInsightsService(context)),
    ...mediaHandlers(
      context.media,
      createMediaLibraryService({
        db,
        capabilities: context.capabilities,
        clock,
        logger,
        media: context.media,
        publicUrl: config.publicUrl,
      }),
    ),
    ...snippetHandlers(createSnippetsService({ db, clock })),
    ...seriesHandlers(createSeriesService(context, posts)),
    ...feedHandlers(createFeedsService(context)),
    ...notificationHandlers(subscriptions, clock),
  };
}
