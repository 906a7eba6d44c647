/**
 * The `subscribed_apps` edge (reference §10.5 "Per-account subscription"): an app turns on
 * an account's webhooks with `POST /{ig-user-id}/subscribed_apps` (Instagram Login, user
 * token) or `POST /{page-id}/subscribed_apps` (Facebook Login, Page token), with
 * `subscribed_fields`. An account subscribed to any field gets every field the app's
 * callback URL takes: there is no per-account choice.
 */
import type { EmulatorContext } from '../emulator-context';
import type { FacebookCaller } from '../facebook/facebook-auth';
import type { FacebookPage, FacebookPermission } from '../facebook/facebook-types';
import {
  invalidParameter,
  pageTokenRequired,
  permissionError,
  unsupportedRequest,
} from '../graph-error';
import { requireScope } from '../graph/publishing-access';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import type { Caller } from '../oauth/tokens';
import type { AppSubscription, Scope } from '../state/types';

/** Fields an Instagram Login account subscribes to; `mentions` arrive inside `comments`. */
export const INSTAGRAM_LOGIN_FIELDS = [
  'comments',
  'live_comments',
  'messages',
  'message_reactions',
  'messaging_optins',
  'messaging_postbacks',
  'messaging_referral',
  'messaging_seen',
  'messaging_handover',
  'standby',
] as const;

/** The Instagram fields, as a Page takes them with `pageSubscribedFields: 'instagram'`. */
export const PAGE_INSTAGRAM_FIELDS = ['comments', 'live_comments', 'mentions', 'story_insights'];

/** A Page's own webhook fields. */
export const PAGE_FIELDS = [
  'feed',
  'mention',
  'messages',
  'message_deliveries',
  'message_echoes',
  'message_reads',
  'messaging_optins',
  'messaging_postbacks',
  'messaging_referrals',
  'messaging_handovers',
  'standby',
  'conversations',
  'live_videos',
  'name',
  'picture',
  'ratings',
  'videos',
];

const APP_NAME = 'Reelay (emulator)';

function subscribedFields(params: Params, allowed: readonly string[]): string[] {
  const fields = params.list('subscribed_fields')?.filter((field) => field !== '');
  if (!fields || fields.length === 0) {
    throw invalidParameter('The parameter subscribed_fields is required');
  }
  fields.forEach((field, index) => {
    if (!allowed.includes(field)) {
      throw invalidParameter(
        `Param subscribed_fields[${index}] must be one of {${allowed.join(', ')}} - got "${field}"`,
      );
    }
  });
  return [...new Set(fields)];
}

function listing(appId: string, subscription: AppSubscription | undefined): Reply {
  return jsonReply({
    data: subscription
      ? [{ id: appId, name: APP_NAME, subscribed_fields: [...subscription.fields] }]
      : [],
  });
}

// Reference §10.5 "Fields and permissions", Instagram Login column.
function instagramScopeOf(field: string): Scope {
  return field === 'comments' || field === 'live_comments'
    ? 'instagram_business_manage_comments'
    : 'instagram_business_manage_messages';
}

/** `GET`, `POST` and `DELETE /{ig-user-id}/subscribed_apps` with an Instagram Login token. */
export function accountSubscribedApps(
  ctx: EmulatorContext,
  caller: Caller,
  method: string,
  params: Params,
): Reply {
  const accountId = caller.account.id;
  switch (method) {
    case 'GET':
      return listing(ctx.config.appId, ctx.store.accountSubscriptions.get(accountId));
    case 'POST': {
      const fields = subscribedFields(params, INSTAGRAM_LOGIN_FIELDS);
      for (const field of fields) requireScope(caller, instagramScopeOf(field));
      ctx.store.accountSubscriptions.set(accountId, { fields, at: ctx.now() });
      return jsonReply({ success: true });
    }
    case 'DELETE':
      ctx.store.accountSubscriptions.delete(accountId);
      return jsonReply({ success: true });
  }
  throw unsupportedRequest(method, accountId);
}

// Reference §10.5 "Fields and permissions", Facebook Login column.
const PAGE_FIELD_PERMISSIONS: Readonly<Record<string, readonly FacebookPermission[]>> = {
  comments: [
    'instagram_basic',
    'instagram_manage_comments',
    'pages_read_engagement',
    'pages_show_list',
  ],
  live_comments: [
    'instagram_basic',
    'instagram_manage_comments',
    'pages_read_engagement',
    'pages_show_list',
  ],
  mentions: [
    'instagram_basic',
    'instagram_manage_comments',
    'pages_read_engagement',
    'pages_show_list',
  ],
  story_insights: [
    'instagram_basic',
    'instagram_manage_insights',
    'pages_read_engagement',
    'pages_show_list',
  ],
};

function requirePermission(caller: FacebookCaller, permission: FacebookPermission): void {
  if (!caller.token.permissions.includes(permission)) {
    throw permissionError(`Requires ${permission} permission to manage the object`);
  }
}

/**
 * `GET`, `POST` and `DELETE /{page-id}/subscribed_apps` with a Page token (or `/me/…`).
 * Needs `pages_manage_metadata`, and for the Instagram fields the permissions of §10.5.
 * Which names a Page takes for the Instagram fields is not shown in the reference
 * [UNCERTAIN]: with `pageSubscribedFields: 'page'` only a Page's own fields are taken (any
 * of which turns on the Instagram notifications).
 */
export function pageSubscribedApps(
  ctx: EmulatorContext,
  caller: FacebookCaller,
  page: FacebookPage,
  method: string,
  params: Params,
): Reply {
  if (!caller.page) throw pageTokenRequired();
  requirePermission(caller, 'pages_manage_metadata');
  switch (method) {
    case 'GET':
      return listing(ctx.config.facebookAppId, ctx.store.pageSubscriptions.get(page.id));
    case 'POST': {
      const allowed =
        ctx.config.pageSubscribedFields === 'instagram'
          ? [...PAGE_INSTAGRAM_FIELDS, ...PAGE_FIELDS]
          : PAGE_FIELDS;
      const fields = subscribedFields(params, allowed);
      for (const field of fields) {
        for (const permission of PAGE_FIELD_PERMISSIONS[field] ?? []) {
          requirePermission(caller, permission);
        }
      }
      ctx.store.pageSubscriptions.set(page.id, { fields, at: ctx.now() });
      return jsonReply({ success: true });
    }
    case 'DELETE':
      ctx.store.pageSubscriptions.delete(page.id);
      return jsonReply({ success: true });
  }
  throw unsupportedRequest(method, page.id);
}
