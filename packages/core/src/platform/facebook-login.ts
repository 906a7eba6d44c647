/**
 * The pure parts of Facebook Login for Business (reference §1b): the platform's hosts, the
 * permissions asked for, the dialog URL, and the shapes of `/me/accounts` and
 * `debug_token` answers.
 */
import * as z from 'zod';

/**
 * The platform's hosts for Facebook Login (reference §0, §1b): the Login dialog and the
 * Graph API, which serves the token exchanges, the Pages and content publishing.
 *
 * @example
 * ```ts
 * createFacebookLoginClient({ ...credentials, graphUrl: DEFAULT_FACEBOOK_URLS.graphUrl });
 * ```
 */
export const DEFAULT_FACEBOOK_URLS = {
  /** The Login dialog (`/{version}/dialog/oauth`). */
  dialogUrl: 'https://www.facebook.com',
  /** Token exchanges, `/me/accounts`, the Instagram nodes and publishing. */
  graphUrl: 'https://graph.facebook.com',
} as const;

/**
 * The Facebook Login permissions Reelay asks for when no Login for Business configuration
 * is given: the account, publishing, first comments, insights, and the Pages that lead to
 * the accounts (reference §0 table, §1b "Dialog").
 *
 * @example
 * ```ts
 * facebook.authorizationUrl({ state, scopes: DEFAULT_FACEBOOK_SCOPES });
 * ```
 */
export const DEFAULT_FACEBOOK_SCOPES: readonly string[] = [
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
  'pages_show_list',
  'pages_read_engagement',
];

/**
 * Page tasks that let a person publish on the linked Instagram account (reference §1b
 * "Page tasks": MANAGE or CREATE_CONTENT).
 *
 * @example
 * ```ts
 * page.tasks.some((task) => PUBLISHING_PAGE_TASKS.includes(task));
 * ```
 */
export const PUBLISHING_PAGE_TASKS: readonly string[] = ['MANAGE', 'CREATE_CONTENT'];

export interface FacebookAuthorizationOptions {
  /** Echoed back to the redirect URI; Reelay's CSRF protection. */
  readonly state: string;
  /**
   * A Facebook Login for Business configuration id; when given, it replaces `scope`
   * (reference §1b "Dialog": every permission of the configuration must be granted).
   */
  readonly configId?: string | null;
  /** Permissions asked for without a configuration; default {@link DEFAULT_FACEBOOK_SCOPES}. */
  readonly scopes?: readonly string[];
}

export interface FacebookDialogConfig {
  readonly dialogUrl: string;
  readonly appId: string;
  readonly redirectUri: string;
  /** `v25.0`, or `null` for an unversioned path. */
  readonly graphApiVersion: string | null;
}

/**
 * The Login dialog's URL: `{dialogUrl}/{version}/dialog/oauth` with `client_id`,
 * `redirect_uri`, `state`, `response_type=code` and either `config_id` or a
 * comma-separated `scope` (reference §1b "Dialog").
 *
 * @example
 * ```ts
 * buildFacebookDialogUrl(
 *   { dialogUrl: 'https://www.facebook.com', appId: '42', redirectUri: 'https://app/cb', graphApiVersion: 'v25.0' },
 *   { state: 'st_1', configId: '9001' },
 * );
 * // 'https://www.facebook.com/v25.0/dialog/oauth?client_id=42&redirect_uri=https%3A%2F%2Fapp%2Fcb&state=st_1&response_type=code&config_id=9001'
 * ```
 */
export function buildFacebookDialogUrl(
  config: FacebookDialogConfig,
  options: FacebookAuthorizationOptions,
): string {
  if (typeof options.state !== 'string' || options.state === '') {
    throw new TypeError('state is required: it protects the callback against forgery');
  }
  const prefix = config.graphApiVersion ? `/${config.graphApiVersion}` : '';
  const url = new URL(`${config.dialogUrl.replace(/\/+$/, '')}${prefix}/dialog/oauth`);
  url.searchParams.set('client_id', config.appId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('state', options.state);
  url.searchParams.set('response_type', 'code');
  if (options.configId) url.searchParams.set('config_id', options.configId);
  else url.searchParams.set('scope', (options.scopes ?? DEFAULT_FACEBOOK_SCOPES).join(','));
  return url.toString();
}

/** A Facebook Page the person granted, with what leads to its Instagram account. */
export interface FacebookPage {
  readonly id: string;
  readonly name: string | null;
  /** The Page token; `null` when the answer has none (the person cannot act for the Page). */
  readonly accessToken: string | null;
  /** What the person may do on the Page, e.g. `MANAGE`, `CREATE_CONTENT`. */
  readonly tasks: readonly string[];
  /** The linked Instagram professional account, or `null` when none is linked. */
  readonly instagramAccountId: string | null;
}

const graphIdSchema = z
  .union([z.string().regex(/^[A-Za-z0-9_]{1,64}$/), z.number().int().nonnegative()])
  .transform(String);

const pageSchema = z.object({
  id: graphIdSchema,
  name: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  access_token: z
    .string()
    .min(1)
    .nullish()
    .transform((value) => value ?? null),
  tasks: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  instagram_business_account: z
    .object({ id: graphIdSchema })
    .nullish()
    .transform((value) => value?.id ?? null),
});

const pagesAnswerSchema = z.object({
  data: z.array(z.unknown()),
  paging: z
    .object({
      next: z.string().nullish(),
      cursors: z.object({ after: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

/**
 * Reads one page of `/me/accounts` (reference §1b "Page tokens"): the Pages, and the cursor
 * of the next page when the answer says there is one. Entries that are not Pages are
 * skipped rather than failing the whole list. `null` when the answer has no `data` list.
 *
 * @example
 * ```ts
 * readPagesAnswer({ data: [{ id: '1', name: 'Café', access_token: 'EAA…', tasks: ['MANAGE'],
 *   instagram_business_account: { id: '1784' } }] });
 * // { pages: [{ id: '1', name: 'Café', accessToken: 'EAA…', tasks: ['MANAGE'], instagramAccountId: '1784' }], after: null }
 * ```
 */
export function readPagesAnswer(
  body: unknown,
): { pages: FacebookPage[]; after: string | null } | null {
  const parsed = pagesAnswerSchema.safeParse(body);
  if (!parsed.success) return null;
  const pages: FacebookPage[] = [];
  for (const entry of parsed.data.data) {
    const page = pageSchema.safeParse(entry);
    if (!page.success) continue;
    pages.push({
      id: page.data.id,
      name: page.data.name,
      accessToken: page.data.access_token,
      tasks: page.data.tasks,
      instagramAccountId: page.data.instagram_business_account,
    });
  }
  const paging = parsed.data.paging;
  const after = paging?.next ? (paging.cursors?.after ?? null) : null;
  return { pages, after };
}

/** What `debug_token` says about a token (reference §6 "debug_token"). */
export interface TokenDebugInfo {
  readonly isValid: boolean;
  /** `USER`, `PAGE` or `APP`, when answered. */
  readonly type: string | null;
  /** The token's app-scoped user id, when answered. */
  readonly userId: string | null;
  readonly scopes: readonly string[];
  /** `null` when the token never expires (`expires_at` 0, e.g. Page tokens) or it is not said. */
  readonly expiresAt: Date | null;
  /** End of the 90-day data-access window; `null` when 0 or not said. */
  readonly dataAccessExpiresAt: Date | null;
}

const unixSchema = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .nullish()
  .transform((value) => (value ? new Date(value * 1000) : null));

const debugSchema = z.object({
  data: z.object({
    is_valid: z.boolean(),
    type: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
    user_id: graphIdSchema.nullish().transform((value) => value ?? null),
    scopes: z
      .array(z.string())
      .nullish()
      .transform((value) => value ?? []),
    expires_at: unixSchema,
    data_access_expires_at: unixSchema,
  }),
});

/**
 * Reads a `debug_token` answer, `{"data":{is_valid,type,user_id,scopes,expires_at,…}}`;
 * zeros mean "never" (reference §6). `null` when the shape does not fit.
 *
 * @example
 * ```ts
 * readTokenDebug({ data: { is_valid: true, type: 'PAGE', scopes: ['instagram_basic'], expires_at: 0 } });
 * // { isValid: true, type: 'PAGE', userId: null, scopes: ['instagram_basic'], expiresAt: null, dataAccessExpiresAt: null }
 * ```
 */
export function readTokenDebug(body: unknown): TokenDebugInfo | null {
  const parsed = debugSchema.safeParse(body);
  if (!parsed.success) return null;
  const data = parsed.data.data;
  return {
    isValid: data.is_valid,
    type: data.type,
    userId: data.user_id,
    scopes: data.scopes,
    expiresAt: data.expires_at,
    dataAccessExpiresAt: data.data_access_expires_at,
  };
}
