/**
 * The client of Instagram API with Facebook Login (reference §0, §1b): the Login dialog,
 * the code and long-lived exchanges of a Facebook user token, the Pages the person granted
 * with their tokens and linked Instagram accounts, and the same content-publishing calls
 * as Instagram Login, sent to the Facebook Graph host.
 */
import { Agent, type Dispatcher } from 'undici';
import * as z from 'zod';
import {
  buildFacebookDialogUrl,
  DEFAULT_FACEBOOK_URLS,
  readPagesAnswer,
  readTokenDebug,
  type FacebookAuthorizationOptions,
  type FacebookPage,
  type TokenDebugInfo,
} from './facebook-login';
import {
  createInstagramClient,
  type InstagramAccount,
  type InstagramClient,
  type LongLivedToken,
} from './instagram-client';
import {
  resolveInstagramClientOptions,
  type InstagramClientOptions,
} from './instagram-client-options';
import { InstagramPlatformError } from './instagram-platform-error';
import { SHORT_LIVED_TOKEN_SECONDS, readTokenAnswer } from './instagram-oauth';
import { assertPlatformId } from './platform-id';
import {
  malformedResponse,
  parseWith,
  requireText,
  sendPlatformRequest,
  type PlatformTransport,
} from './platform-http';

/**
 * The calls that act on one Instagram account once it is connected: containers, their
 * status, publishing, published media, comments, the publishing limit, and whatever else
 * the Instagram client learns to read about an account. Both hosts serve them with the
 * same paths (reference §0, §2), so each connected account gets the client of its login
 * mode, typed by this.
 *
 * @example
 * ```ts
 * const client: InstagramGraphClient = account.loginMode === 'facebook' ? facebook.graph : instagram;
 * await client.createContainer({ accessToken, igUserId, params });
 * ```
 */
export type InstagramGraphClient = Omit<
  InstagramClient,
  | 'authorizationUrl'
  | 'exchangeCode'
  | 'exchangeForLongLivedToken'
  | 'refreshLongLivedToken'
  | 'getMe'
  | 'getProfessionalAccount'
  | 'close'
>;

export interface FacebookLoginClientOptions extends Omit<
  InstagramClientOptions,
  'authorizeUrl' | 'apiUrl' | 'graphUrl'
> {
  /** The Meta App ID (reference §0: the main app, not the Instagram App ID). */
  readonly appId: string;
  /** The Meta App Secret. Sent only in server-side exchanges; never logged. */
  readonly appSecret: string;
  /** Base of the Login dialog; default `https://www.facebook.com`. */
  readonly dialogUrl?: string;
  /** Base of the Graph API; default `https://graph.facebook.com`. */
  readonly graphUrl?: string;
}

/** The person behind a Facebook user token (`GET /me?fields=id,name`). */
export interface FacebookUser {
  /** The app-scoped user id, which deauthorize and data-deletion callbacks name (reference §5). */
  readonly id: string;
  readonly name: string | null;
}

export interface FacebookLoginClient {
  /** The Login dialog's URL, with `config_id` or `scope`. */
  authorizationUrl(options: FacebookAuthorizationOptions): string;
  /** `GET {graph}/oauth/access_token` with the code: a short-lived user token. */
  exchangeCode(code: string): Promise<LongLivedToken>;
  /** `GET {graph}/oauth/access_token?grant_type=fb_exchange_token`: a long-lived user token (about 60 days). */
  exchangeForLongLivedToken(shortLivedToken: string): Promise<LongLivedToken>;
  /** `GET /me?fields=id,name` with a user token. */
  getUser(userToken: string): Promise<FacebookUser>;
  /** `GET /debug_token` with the app token: validity, type, permissions, expiry (0 = never). */
  debugToken(inputToken: string): Promise<TokenDebugInfo>;
  /** `GET /me/accounts`: the granted Pages with their tokens and linked Instagram accounts. */
  listPages(userToken: string): Promise<FacebookPage[]>;
  /** `GET /{ig-user-id}?fields=…`: the Instagram account, as the Facebook host describes it. */
  getInstagramAccount(input: {
    readonly accessToken: string;
    readonly igUserId: string;
  }): Promise<InstagramAccount>;
  /** `GET /{page-id}?fields=instagram_business_account`: the account linked to a Page, or `null`. */
  getPageInstagramAccount(input: {
    readonly accessToken: string;
    readonly pageId: string;
  }): Promise<string | null>;
  /** The account calls (publishing and the rest) on the Facebook host. */
  readonly graph: InstagramGraphClient;
  /** Closes the dispatcher the client created (an injected one is left to its owner). */
  close(): Promise<void>;
}

/**
 * The Instagram account fields the Facebook host serves (reference §6 "Facebook Login"):
 * no `account_type` there; an account linked to a Page is professional (reference §1c).
 *
 * @example
 * ```ts
 * FACEBOOK_ACCOUNT_FIELDS.join(','); // 'id,username,name,profile_picture_url,…'
 * ```
 */
export const FACEBOOK_ACCOUNT_FIELDS = [
  'id',
  'username',
  'name',
  'profile_picture_url',
  'followers_count',
  'follows_count',
  'media_count',
] as const;

const idSchema = z
  .union([z.string().regex(/^[A-Za-z0-9_]{1,64}$/), z.number().int().nonnegative()])
  .transform(String);
const textSchema = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const countSchema = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .nullish()
  .transform((value) => value ?? null);

const userSchema = z.object({ id: idSchema, name: textSchema });
const accountSchema = z.object({
  id: idSchema,
  username: textSchema,
  name: textSchema,
  profile_picture_url: textSchema,
  followers_count: countSchema,
  follows_count: countSchema,
  media_count: countSchema,
});
const pageLinkSchema = z.object({
  instagram_business_account: z
    .object({ id: idSchema })
    .nullish()
    .transform((value) => value?.id ?? null),
});

/** At most this many pages of `/me/accounts` are read (100 Pages each). */
const MAX_PAGE_ROUNDS = 10;

/**
 * Creates the Facebook Login client. Missing app credentials throw
 * `PLATFORM_CREDENTIALS_MISSING`. Every call has timeouts, keeps ids exact, throws
 * `InstagramPlatformError` and never lets a token or the app secret into an error.
 *
 * @example
 * ```ts
 * const facebook = createFacebookLoginClient({
 *   appId: process.env.FACEBOOK_APP_ID!,
 *   appSecret: process.env.FACEBOOK_APP_SECRET!,
 *   redirectUri: 'https://reelay.example/v1/connect/instagram/callback',
 * });
 * const url = facebook.authorizationUrl({ state, configId: '9001' });
 * // … on the callback:
 * const short = await facebook.exchangeCode(code);
 * const long = await facebook.exchangeForLongLivedToken(short.accessToken);
 * for (const page of await facebook.listPages(long.accessToken)) {
 *   if (page.instagramAccountId) await facebook.graph.getPublishingLimit({
 *     accessToken: page.accessToken!, igUserId: page.instagramAccountId });
 * }
 * ```
 */
export function createFacebookLoginClient(
  options: FacebookLoginClientOptions,
): FacebookLoginClient {
  const graphBase = options.graphUrl ?? DEFAULT_FACEBOOK_URLS.graphUrl;
  const config = resolveInstagramClientOptions({
    ...options,
    authorizeUrl: options.dialogUrl ?? DEFAULT_FACEBOOK_URLS.dialogUrl,
    apiUrl: graphBase,
    graphUrl: graphBase,
  });
  const { timeouts } = config;
  const ownDispatcher: Dispatcher | undefined = options.dispatcher
    ? undefined
    : new Agent({
        connect: { timeout: timeouts.connectMs },
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      });
  const dispatcher = options.dispatcher ?? (ownDispatcher as Dispatcher);
  const transport: PlatformTransport = {
    dispatcher,
    timeouts,
    maxResponseBytes: config.maxResponseBytes,
    ...(options.onCall ? { observe: options.onCall } : {}),
  };
  // The account calls are the Instagram client's, sent to this host (reference §0).
  const graph: InstagramGraphClient = createInstagramClient({
    ...options,
    authorizeUrl: config.authorizeUrl,
    apiUrl: config.graphUrl,
    graphUrl: config.graphUrl,
    graphApiVersion: config.graphApiVersion,
    dispatcher,
    commentScopes: { comments: 'instagram_manage_comments', messages: 'pages_messaging' },
  });

  function graphUrl(path: string, query: Record<string, string>): URL {
    const prefix = config.graphApiVersion ? `/${config.graphApiVersion}` : '';
    const url = new URL(`${config.graphUrl}${prefix}/${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  function get(path: string, query: Record<string, string>, secrets: Array<string | undefined>) {
    return sendPlatformRequest(transport, {
      method: 'GET',
      url: graphUrl(path, query),
      secrets: [...secrets, config.appSecret],
      scope: 'instagram_basic',
    });
  }

  function tokenOf(body: unknown, defaultSeconds: number | null): LongLivedToken {
    const answer = readTokenAnswer(body);
    if (!answer) throw malformedResponse('oauth/access_token without access_token');
    const issuedAt = config.clock();
    const seconds = answer.expiresIn ?? defaultSeconds;
    return {
      ...answer,
      issuedAt,
      expiresAt: seconds === null ? null : new Date(issuedAt.getTime() + seconds * 1000),
    };
  }

  return {
    authorizationUrl(authorization) {
      return buildFacebookDialogUrl(
        {
          dialogUrl: config.authorizeUrl,
          appId: config.appId,
          redirectUri: config.redirectUri,
          graphApiVersion: config.graphApiVersion,
        },
        authorization,
      );
    },

    async exchangeCode(rawCode) {
      const code = requireText(rawCode, 'code').trim().replace(/#_?$/, '');
      try {
        const body = await get(
          'oauth/access_token',
          {
            client_id: config.appId,
            redirect_uri: config.redirectUri,
            client_secret: config.appSecret,
            code,
          },
          [code],
        );
        return tokenOf(body, SHORT_LIVED_TOKEN_SECONDS);
      } catch (error) {
        // Graph refuses an expired, used or foreign code with (#100): the code is spent and
        // only a new connection helps, as with Instagram Login's legacy answer.
        if (error instanceof InstagramPlatformError && error.platform?.code === 100) {
          throw new InstagramPlatformError('TOKEN_INVALID', {
            message:
              'O código de autorização do Facebook expirou ou já foi usado; conecte a conta de novo.',
            details: { ...error.details, reason: 'authorization_code_invalid' },
            transient: false,
            outcome: 'refused',
            platform: error.platform,
            cause: error,
          });
        }
        throw error;
      }
    },

    async exchangeForLongLivedToken(shortLivedToken) {
      requireText(shortLivedToken, 'accessToken');
      const body = await get(
        'oauth/access_token',
        {
          grant_type: 'fb_exchange_token',
          client_id: config.appId,
          client_secret: config.appSecret,
          fb_exchange_token: shortLivedToken,
        },
        [shortLivedToken],
      );
      return tokenOf(body, null);
    },

    async getUser(userToken) {
      requireText(userToken, 'accessToken');
      const body = await get('me', { fields: 'id,name', access_token: userToken }, [userToken]);
      return parseWith(userSchema, body, '/me without id');
    },

    async debugToken(inputToken) {
      requireText(inputToken, 'inputToken');
      // The app token `APPID|APPSECRET` carries the secret: kept out of errors like it.
      const appToken = `${config.appId}|${config.appSecret}`;
      const body = await get('debug_token', { input_token: inputToken, access_token: appToken }, [
        inputToken,
        appToken,
      ]);
      const info = readTokenDebug(body);
      if (!info) throw malformedResponse('debug_token without data.is_valid');
      return info;
    },

    async listPages(userToken) {
      requireText(userToken, 'accessToken');
      const pages: FacebookPage[] = [];
      let after: string | null = null;
      for (let round = 0; round < MAX_PAGE_ROUNDS; round++) {
        const body = await get(
          'me/accounts',
          {
            fields: 'id,name,access_token,tasks,instagram_business_account',
            limit: '100',
            access_token: userToken,
            ...(after ? { after } : {}),
          },
          [userToken],
        );
        const answer = readPagesAnswer(body);
        if (!answer) throw malformedResponse('/me/accounts without data');
        pages.push(...answer.pages);
        if (!answer.after || answer.after === after) break;
        after = answer.after;
      }
      return pages;
    },

    async getInstagramAccount({ accessToken, igUserId }) {
      requireText(accessToken, 'accessToken');
      const user = assertPlatformId(igUserId, 'igUserId');
      const body = await get(
        user,
        { fields: FACEBOOK_ACCOUNT_FIELDS.join(','), access_token: accessToken },
        [accessToken],
      );
      const account = parseWith(accountSchema, body, 'Instagram account without id');
      return {
        userId: account.id,
        id: account.id,
        username: account.username,
        name: account.name,
        accountType: null,
        isProfessional: true,
        profilePictureUrl: account.profile_picture_url,
        followersCount: account.followers_count,
        followsCount: account.follows_count,
        mediaCount: account.media_count,
      };
    },

    async getPageInstagramAccount({ accessToken, pageId }) {
      requireText(accessToken, 'accessToken');
      const page = assertPlatformId(pageId, 'pageId');
      const body = await get(
        page,
        { fields: 'instagram_business_account', access_token: accessToken },
        [accessToken],
      );
      return parseWith(pageLinkSchema, body, 'Page without id').instagram_business_account;
    },

    graph,

    async close() {
      // The account calls share this client's dispatcher: closing it closes theirs.
      await ownDispatcher?.close();
    },
  };
}
