/**
 * The user's own account: `reelay org rename` (the organization's name) and
 * `reelay me delete` (everything, irreversibly; spec §4 DELETE /v1/me).
 */
import { usageError } from '../cli-error';
import { sessionClient } from '../client';
import type { CommandContext } from '../command-context';
import { NO_CREDENTIALS } from '../config-store';
import { loadSettings } from '../settings';
import { t } from '../i18n';

/**
 * `reelay org rename <name>`.
 *
 * @example
 * ```ts
 * await renameOrganization('Café Aurora Ltda', ctx);
 * ```
 */
export async function renameOrganization(name: string, ctx: CommandContext): Promise<void> {
  const reelay = await sessionClient(await loadSettings(ctx.global));
  const { organization } = await reelay.me.get();
  const answer = await reelay.organizations.update(organization.id, { name });
  ctx.out.result(answer, () =>
    t('admin.renamed', { id: answer.organization.id, name: answer.organization.name }),
  );
}

/**
 * `reelay me delete --confirm <e-mail>`: deletes the user, organization, projects, keys,
 * accounts, posts and media. The e-mail must be typed to confirm; the context's
 * credentials are forgotten afterwards.
 *
 * @example
 * ```ts
 * await deleteMe({ confirm: 'ana@example.com' }, ctx);
 * ```
 */
export async function deleteMe(options: { confirm?: string }, ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global);
  const reelay = await sessionClient(settings);
  const { user } = await reelay.me.get();
  if (options.confirm?.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw usageError(t('admin.confirmMissing'), t('admin.confirmHint', { email: user.email }));
  }
  await reelay.me.delete();
  // The account and its projects are gone: forget the project too.
  settings.store.update(settings.contextName, { ...NO_CREDENTIALS, project: undefined });
  ctx.out.result({ success: true, deleted: user.id }, () =>
    t('admin.deleted', { email: user.email }),
  );
}
