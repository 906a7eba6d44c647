/**
 * What a post's options and caption mean beyond their shape and its kind: options the
 * account's way of connecting does not allow (refused when a post is accepted or edited,
 * never left to fail at publication), and the caption warning each target carries.
 */
import { assertLoginModeOptions, captionWarning, type InstagramOptions } from '@reelay/core';
import { findIntegration, type IntegrationRecord } from '../store/integrations';
import type { TargetRecord } from '../store/post-records';
import type { PublishingDeps } from './publishing-deps';

/**
 * Throws `VALIDATION_ERROR` naming `platforms[N].options.<option>` when a target asks for
 * an option its account's login does not allow (product tags on an Instagram-Login
 * account). `accounts` are in the order of `targets`.
 *
 * @example
 * ```ts
 * assertOptionsFitAccounts(body.platforms, accounts);
 * ```
 */
export function assertOptionsFitAccounts(
  targets: ReadonlyArray<{ options?: InstagramOptions | undefined }>,
  accounts: ReadonlyArray<Pick<IntegrationRecord, 'loginMode'>>,
): void {
  assertLoginModeOptions(
    targets.map((target, index) => ({
      options: target.options,
      loginMode: accounts[index]?.loginMode ?? 'instagram',
    })),
  );
}

/**
 * The same check for a stored post's targets, with each account as it is now: an edit is
 * refused when an account was reconnected in a way that no longer allows its options.
 * A target whose account is gone is left to fail at publication, as before.
 *
 * @example
 * ```ts
 * await assertStoredOptionsFitAccounts(ctx, projectId, targets);
 * ```
 */
export async function assertStoredOptionsFitAccounts(
  ctx: Pick<PublishingDeps, 'db'>,
  projectId: string,
  targets: readonly TargetRecord[],
): Promise<void> {
  const accounts: Array<Pick<IntegrationRecord, 'loginMode'>> = [];
  for (const target of targets) {
    const account = await findIntegration(ctx.db, projectId, target.integrationId);
    accounts.push({ loginMode: account?.loginMode ?? 'facebook' });
  }
  assertOptionsFitAccounts(targets, accounts);
}

/**
 * The warning a target carries from acceptance on, from the caption alone (more hashtags
 * than Instagram's announced cap); `null` when there is none.
 *
 * @example
 * ```ts
 * newTarget({ …, warningMessage: acceptanceWarning(body.content) }, now);
 * ```
 */
export function acceptanceWarning(content: string): string | null {
  return captionWarning(content);
}
