/**
 * `reelay keys list|create|revoke`: the project's API keys. These routes take only a
 * session (spec §5 rule 5), so they need `reelay login`.
 */
import type { ApiKey } from '@reelay/sdk';
import { projectOf, sessionClient } from '../client';
import type { CommandContext } from '../command-context';
import { maskSecret, registerSecrets } from '../secrets';
import { loadSettings, type Settings } from '../settings';
import { renderTable } from '../table';
import { t } from '../i18n';

async function projectAndClient(settings: Settings) {
  const reelay = await sessionClient(settings);
  return { reelay, project: await projectOf(settings, reelay) };
}

/**
 * `reelay keys list`: the keys of the context's project (never their secrets).
 *
 * @example
 * ```ts
 * await listKeys(ctx);
 * ```
 */
export async function listKeys(ctx: CommandContext): Promise<void> {
  const { reelay, project } = await projectAndClient(await loadSettings(ctx.global));
  const answer = await reelay.apiKeys.list(project);
  ctx.out.result(answer, () =>
    renderTable(answer.apiKeys, [
      { header: 'id', value: (k: ApiKey) => k.id },
      { header: t('keys.columnName'), value: (k: ApiKey) => k.name, max: 30 },
      { header: t('keys.columnPrefix'), value: (k: ApiKey) => k.prefix },
      { header: t('keys.columnRole'), value: (k: ApiKey) => k.role },
      { header: t('keys.columnCreatedAt'), value: (k: ApiKey) => k.createdAt },
      { header: t('keys.columnLastUsed'), value: (k: ApiKey) => k.lastUsedAt },
      { header: t('keys.columnRevokedAt'), value: (k: ApiKey) => k.revokedAt },
    ]),
  );
}

/**
 * `reelay keys create [--name] [--role] [--save]`: the key is shown this once (spec §2); with
 * `--save` it is stored as the context's API key instead, and shown masked.
 *
 * @example
 * ```ts
 * await createKey({ name: 'ci', save: true }, ctx);
 * ```
 */
export async function createKey(
  options: { name?: string; role?: string; save?: boolean },
  ctx: CommandContext,
): Promise<void> {
  const settings = await loadSettings(ctx.global);
  const { reelay, project } = await projectAndClient(settings);
  const answer = await reelay.apiKeys.create(project, {
    ...(options.name ? { name: options.name } : {}),
    ...(options.role ? { role: options.role as ApiKey['role'] } : {}),
  });
  const secret = answer.apiKey.key;
  if (options.save) {
    registerSecrets([secret]);
    settings.store.update(settings.contextName, { apiKey: secret });
    const shown = { ...answer, apiKey: { ...answer.apiKey, key: maskSecret(secret) } };
    ctx.out.result(shown, () =>
      t('keys.createdSaved', {
        id: answer.apiKey.id,
        role: answer.apiKey.role,
        key: maskSecret(secret) ?? '',
        context: settings.contextName,
      }),
    );
    return;
  }
  ctx.out.note(t('keys.keepNow'));
  ctx.out.result(
    answer,
    () => `${t('keys.created', { id: answer.apiKey.id, role: answer.apiKey.role })}\n${secret}`,
  );
}

/**
 * `reelay keys revoke <keyId>`: immediate and idempotent.
 *
 * @example
 * ```ts
 * await revokeKey('key_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function revokeKey(keyId: string, ctx: CommandContext): Promise<void> {
  const { reelay, project } = await projectAndClient(await loadSettings(ctx.global));
  const answer = await reelay.apiKeys.revoke(project, keyId);
  ctx.out.result(answer, () =>
    t('keys.revoked', { id: answer.apiKey.id, when: answer.apiKey.revokedAt ?? '' }),
  );
}
