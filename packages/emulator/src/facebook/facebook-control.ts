/**
 * What the control API (`/_emulator/facebook/*`) and the `Emulator` handle can do on the
 * Facebook side: create people with their Pages, link or unlink a Page's Instagram
 * account, revoke a person's tokens, and send the Facebook app's signed callbacks.
 */
import { ControlError } from '../control/control-error';
import type { CallbackKind, CallbackResult } from '../control/control-actions';
import type { EmulatorContext } from '../emulator-context';
import { isHttpUrl } from '../http/is-http-url';
import {
  createSignedRequest,
  deliverSignedRequest,
  type SignedRequestDelivery,
} from '../signed-request';
import { revokeFacebookTokens } from './facebook-auth';
import { PAGE_TASKS, type FacebookPage, type FacebookUser, type PageTask } from './facebook-types';

/**
 * A Page to create with its person.
 *
 * @example
 * ```ts
 * const page: PageInput = { name: 'Café Aurora', instagramAccountId: account.id };
 * ```
 */
export interface PageInput {
  readonly name: string;
  /** The Instagram professional account linked to the Page; absent or `null`: none. */
  readonly instagramAccountId?: string | null | undefined;
  /** What the person may do on the Page; default `['MANAGE']`. */
  readonly tasks?: readonly PageTask[] | undefined;
}

/**
 * A Facebook user to create, as posted to `POST /_emulator/facebook/users`.
 *
 * @example
 * ```ts
 * emulator.createFacebookUser({ name: 'Ana', pages: [{ name: 'Café', instagramAccountId: id }] });
 * ```
 */
export interface FacebookUserInput {
  readonly name: string;
  readonly pages?: readonly PageInput[] | undefined;
}

/**
 * A Page as the control API shows it.
 *
 * @example
 * ```ts
 * const [page]: PageView[] = emulator.createFacebookUser({ name: 'Ana', pages: [{ name: 'Café' }] }).pages;
 * ```
 */
export interface PageView {
  readonly id: string;
  readonly name: string;
  readonly tasks: readonly PageTask[];
  readonly instagramAccountId: string | null;
}

/**
 * A Facebook user as the control API shows it, with their Pages.
 *
 * @example
 * ```ts
 * const { id, pages }: FacebookUserView = emulator.createFacebookUser({ name: 'Ana' });
 * ```
 */
export interface FacebookUserView {
  readonly id: string;
  readonly name: string;
  readonly pages: readonly PageView[];
}

function record(input: unknown, what: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ControlError(400, `${what} must be a JSON object`);
  }
  return input as Record<string, unknown>;
}

function pageView(page: FacebookPage): PageView {
  return {
    id: page.id,
    name: page.name,
    tasks: [...page.tasks],
    instagramAccountId: page.instagramAccountId,
  };
}

/** A person with their Pages. */
export function facebookUserView(ctx: EmulatorContext, user: FacebookUser): FacebookUserView {
  return {
    id: user.id,
    name: user.name,
    pages: [...ctx.store.pages.values()].filter((p) => p.userId === user.id).map(pageView),
  };
}

function linkedAccount(ctx: EmulatorContext, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new ControlError(400, 'instagramAccountId must be a string or null');
  if (!ctx.store.accounts.has(value)) throw new ControlError(404, `no account ${value}`);
  return value;
}

function pageTasks(value: unknown): PageTask[] {
  if (value === undefined) return ['MANAGE'];
  if (!Array.isArray(value) || !value.every((task) => PAGE_TASKS.includes(task as PageTask))) {
    throw new ControlError(400, `tasks must be a list of: ${PAGE_TASKS.join(', ')}`);
  }
  return [...value] as PageTask[];
}

/**
 * Creates a Facebook user and their Pages, each Page linked to an Instagram account or not.
 *
 * @example
 * ```ts
 * createFacebookUser(ctx, { name: 'Ana', pages: [{ name: 'Café', instagramAccountId: id }] });
 * ```
 */
export function createFacebookUser(ctx: EmulatorContext, input: unknown): FacebookUserView {
  const data = record(input, 'the Facebook user');
  for (const key of Object.keys(data)) {
    if (key !== 'name' && key !== 'pages') throw new ControlError(400, `unknown field "${key}"`);
  }
  if (typeof data.name !== 'string' || data.name.trim() === '' || data.name.length > 100) {
    throw new ControlError(400, 'name must be 1-100 characters');
  }
  const pagesInput = data.pages ?? [];
  if (!Array.isArray(pagesInput)) throw new ControlError(400, 'pages must be a list');
  // Every Page is checked before anything is created.
  const pages = pagesInput.map((entry: unknown) => {
    const page = record(entry, 'each page');
    for (const key of Object.keys(page)) {
      if (!['name', 'instagramAccountId', 'tasks'].includes(key)) {
        throw new ControlError(400, `unknown page field "${key}"`);
      }
    }
    if (typeof page.name !== 'string' || page.name.trim() === '') {
      throw new ControlError(400, 'each page needs a name');
    }
    return {
      name: page.name,
      instagramAccountId: linkedAccount(ctx, page.instagramAccountId),
      tasks: pageTasks(page.tasks),
    };
  });
  const user: FacebookUser = {
    id: ctx.ids.id('facebookUser'),
    name: data.name,
    createdAt: ctx.now(),
  };
  ctx.store.facebookUsers.set(user.id, user);
  for (const page of pages) {
    const id = ctx.ids.id('page');
    ctx.store.pages.set(id, { id, userId: user.id, ...page });
  }
  return facebookUserView(ctx, user);
}

/**
 * Links a Page to another Instagram account, or unlinks it (`null`), or changes its
 * tasks: what a person does in the Page's settings.
 *
 * @example
 * ```ts
 * updatePage(ctx, pageId, { instagramAccountId: null });
 * ```
 */
export function updatePage(ctx: EmulatorContext, pageId: string, input: unknown): PageView {
  const page = ctx.store.pages.get(pageId);
  if (!page) throw new ControlError(404, `no page ${pageId}`);
  const data = record(input, 'the page change');
  for (const key of Object.keys(data)) {
    if (key !== 'instagramAccountId' && key !== 'tasks') {
      throw new ControlError(400, `unknown page field "${key}"`);
    }
  }
  const link =
    'instagramAccountId' in data ? linkedAccount(ctx, data.instagramAccountId) : undefined;
  const tasks = 'tasks' in data ? pageTasks(data.tasks) : undefined;
  if (link !== undefined) page.instagramAccountId = link;
  if (tasks !== undefined) ctx.store.pages.set(page.id, { ...page, tasks });
  return pageView(ctx.store.pages.get(page.id)!);
}

function userIdOf(ctx: EmulatorContext, data: Record<string, unknown>): string {
  const id = data.userId;
  if (typeof id !== 'string') throw new ControlError(400, 'userId (a string) is required');
  if (!ctx.store.facebookUsers.has(id)) throw new ControlError(404, `no Facebook user ${id}`);
  return id;
}

/** Revokes a person's user and Page tokens: their use then answers 190/458 (or 460). */
export function revokeFacebookUser(ctx: EmulatorContext, input: unknown): { revoked: number } {
  const data = record(input ?? {}, 'the revocation');
  const subcode = data.subcode ?? 458;
  if (subcode !== 458 && subcode !== 460) throw new ControlError(400, 'subcode must be 458 or 460');
  return { revoked: revokeFacebookTokens(ctx, userIdOf(ctx, data), subcode) };
}

/**
 * Sends the Facebook app's deauthorize or data-deletion callback for a person to `url`,
 * signed with the Facebook app secret; `user_id` is the person's app-scoped id (reference
 * §5). Deauthorizing also revokes the person's tokens, Page tokens included.
 */
export async function sendFacebookCallback(
  ctx: EmulatorContext,
  kind: CallbackKind,
  input: unknown,
): Promise<CallbackResult> {
  const data = record(input ?? {}, 'the callback request');
  if (typeof data.url !== 'string' || !isHttpUrl(data.url)) {
    throw new ControlError(400, 'url (an http or https URL) is required');
  }
  const userId = userIdOf(ctx, data);
  const issuedAt = Math.floor(ctx.now() / 1000);
  const payload: Record<string, unknown> =
    kind === 'data-deletion'
      ? { algorithm: 'HMAC-SHA256', expires: issuedAt + 3600, issued_at: issuedAt, user_id: userId }
      : { algorithm: 'HMAC-SHA256', issued_at: issuedAt, user_id: userId };
  const revoked = kind === 'deauthorize' ? revokeFacebookTokens(ctx, userId, 458) : undefined;
  const signedRequest = createSignedRequest(payload, ctx.config.facebookAppSecret);
  let delivery: SignedRequestDelivery;
  try {
    delivery = await deliverSignedRequest(data.url, signedRequest);
  } catch (error) {
    throw new ControlError(
      502,
      `the ${kind} callback could not be delivered: ${(error as Error).message}`,
    );
  }
  return { ...delivery, signedRequest, payload, ...(revoked === undefined ? {} : { revoked }) };
}

/**
 * Routes `/_emulator/facebook/<rest>`; `parts` is what follows `facebook`.
 */
export async function routeFacebookControl(
  ctx: EmulatorContext,
  method: string,
  parts: readonly string[],
  body: () => Promise<unknown>,
): Promise<unknown | undefined> {
  const [resource, id, ...rest] = parts;
  if (rest.length > 0) return undefined;
  switch (`${method} ${resource ?? ''}${id === undefined ? '' : '/:id'}`) {
    case 'GET users':
      return {
        data: [...ctx.store.facebookUsers.values()].map((user) => facebookUserView(ctx, user)),
      };
    case 'POST users':
      return createFacebookUser(ctx, await body());
    case 'POST pages/:id':
      return updatePage(ctx, id!, await body());
    case 'POST tokens/:id':
      return id === 'revoke' ? revokeFacebookUser(ctx, await body()) : undefined;
    case 'POST deauthorize':
      return sendFacebookCallback(ctx, 'deauthorize', await body());
    case 'POST data-deletion':
      return sendFacebookCallback(ctx, 'data-deletion', await body());
  }
  return undefined;
}
