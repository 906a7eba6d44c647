/**
 * `reelay profiles create|list|approval|delete`: groups of accounts, one per client or
 * brand, each of which may decide whether editors' posts for its accounts wait for approval.
 */
import type { Profile } from '@reelay/sdk';
import { approvalSetting } from '../approval-setting';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { loadSettings } from '../settings';
import { renderTable } from '../table';
import { t } from '../i18n';

const profileColumns = () => [
  { header: 'id', value: (p: Profile) => p.id },
  { header: t('profiles.columnName'), value: (p: Profile) => p.name, max: 40 },
  { header: t('profiles.columnDescription'), value: (p: Profile) => p.description, max: 50 },
  { header: t('profiles.columnApproval'), value: (p: Profile) => approvalText(p.approvalRequired) },
  { header: t('profiles.columnCreatedAt'), value: (p: Profile) => p.createdAt },
];

/** A profile's approval setting as people read it: required, not required, the project's. */
function approvalText(required: boolean | null | undefined): string {
  if (required === true) return t('profiles.approvalOn');
  if (required === false) return t('profiles.approvalOff');
  return t('profiles.approvalProject');
}

/**
 * `reelay profiles create <name> [--description]`.
 *
 * @example
 * ```ts
 * await createProfile('Café Aurora', { description: 'Cliente desde 2026' }, ctx);
 * ```
 */
export async function createProfile(
  name: string,
  options: { description?: string },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.profiles.create({
    name,
    ...(options.description !== undefined ? { description: options.description } : {}),
  });
  ctx.out.result(answer, () =>
    t('profiles.created', { id: answer.profile.id, name: answer.profile.name }),
  );
}

/**
 * `reelay profiles list`: every profile, newest first (not paginated, spec §8).
 *
 * @example
 * ```ts
 * await listProfiles(ctx);
 * ```
 */
export async function listProfiles(ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.profiles.list();
  ctx.out.result(answer, () => renderTable(answer.profiles, profileColumns()));
}

/**
 * `reelay profiles approval <id> <on|off|project>`: whether editors' posts for the
 * profile's accounts wait for an admin's approval (`on`), never do (`off`), or follow the
 * project's setting (`project`, the default).
 *
 * @example
 * ```ts
 * await setProfileApproval('prf_01jd8k2m3n4p5q6r7s8t9v0wxy', 'on', ctx);
 * ```
 */
export async function setProfileApproval(
  profileId: string,
  setting: string,
  ctx: CommandContext,
): Promise<void> {
  const approvalRequired = approvalSetting(setting, true);
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.profiles.update(profileId, { approvalRequired });
  const { id, name } = answer.profile;
  const key =
    answer.profile.approvalRequired === true
      ? 'profiles.approvalSetOn'
      : answer.profile.approvalRequired === false
        ? 'profiles.approvalSetOff'
        : 'profiles.approvalSetProject';
  ctx.out.result(answer, () => t(key, { id, name }));
}

/**
 * `reelay profiles delete <id>`: removes a profile; its accounts stay connected.
 *
 * @example
 * ```ts
 * await deleteProfile('prf_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function deleteProfile(profileId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.profiles.delete(profileId);
  ctx.out.result(answer, () => t('profiles.deleted', { id: profileId }));
}
