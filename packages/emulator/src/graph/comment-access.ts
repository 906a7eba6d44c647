import type { EmulatorContext } from '../emulator-context';
import type { FacebookPermission, PageTask } from '../facebook/facebook-types';
import { permissionError } from '../graph-error';
import type { Caller } from '../oauth/tokens';
import { throttleError } from './business-usage';
import { requireScope } from './publishing-access';

// Reference §10.4: reading a mentioned comment takes MANAGE, CREATE_CONTENT or MODERATE;
// "Community Activity" (MODERATE) is what lets a person grant the comments permission.
const MODERATING_TASKS: ReadonlySet<PageTask> = new Set(['MANAGE', 'CREATE_CONTENT', 'MODERATE']);

/** `(#10)` unless a Facebook Login token was granted `permission`; Instagram Login passes. */
export function requireFacebookPermission(caller: Caller, permission: FacebookPermission): void {
  if (caller.facebook && !caller.facebook.permissions.includes(permission)) {
    throw permissionError(
      `Application does not have permission for this action (${permission} is required)`,
    );
  }
}

/**
 * Reading and moderating comments (reference §10.1): Instagram Login needs
 * `instagram_business_basic` + `instagram_business_manage_comments`; Facebook Login
 * `instagram_basic` + `instagram_manage_comments` + `pages_read_engagement`, and a Page task
 * that may moderate.
 */
export function requireCommentAccess(caller: Caller): void {
  requireScope(caller, 'instagram_business_manage_comments');
  const facebook = caller.facebook;
  if (!facebook) return;
  requireFacebookPermission(caller, 'pages_read_engagement');
  if (!facebook.page?.tasks.some((task) => MODERATING_TASKS.has(task))) {
    throw permissionError(
      'The user cannot moderate the Page linked to this Instagram account (task MANAGE, CREATE_CONTENT or MODERATE is required)',
    );
  }
}

/**
 * A private reply (reference §10.3): the comment permissions and, with
 * `privateReplyPermission: 'messaging'` [UNCERTAIN], the messaging one of the login mode.
 */
export function requirePrivateReplyAccess(ctx: EmulatorContext, caller: Caller): void {
  requireCommentAccess(caller);
  if (ctx.config.privateReplyPermission !== 'messaging') return;
  if (caller.facebook) requireFacebookPermission(caller, 'pages_messaging');
  else requireScope(caller, 'instagram_business_manage_messages');
}

/**
 * Counts one comment write (comment, reply, hide, delete) against `commentWritesPerHour`,
 * refusing it with the throttling error once the hour's writes are spent. An old copy of
 * the docs said 60 per user per hour; no current page does (reference §10.3) [UNCERTAIN].
 */
export function countCommentWrite(ctx: EmulatorContext, caller: Caller): void {
  const limit = ctx.config.commentWritesPerHour;
  if (limit === 0) return;
  const now = ctx.now();
  const windows = ctx.store.commentWrites;
  if (windows.count(caller.account.id, now) >= limit) {
    const oldest = windows.oldest(caller.account.id, now) ?? now;
    throw throttleError(ctx, caller.account.id, (oldest + windows.windowMs - now) / 60_000);
  }
  windows.record(caller.account.id, now);
}
