/**
 * `reelay members …` and `reelay invitations …`: who has access to the project, with
 * which role, and the invitations that bring people in. These routes take only a session,
 * so they need `reelay login`.
 */
import { INVITATION_VALID_DAYS, type Invitation, type Member } from '@reelay/sdk';
import { projectOf, sessionClient } from '../client';
import type { CommandContext } from '../command-context';
import { registerSecrets } from '../secrets';
import { loadSettings, type Settings } from '../settings';
import { renderTable } from '../table';
import { t } from '../i18n';

async function projectAndClient(settings: Settings) {
  const reelay = await sessionClient(settings);
  return { reelay, project: await projectOf(settings, reelay) };
}

/**
 * The token of an invitation, from the token itself or from the whole link
 * (`https://reelay.example.com/app/invite/<token>`).
 *
 * @example
 * ```ts
 * invitationToken('https://reelay.example.com/app/invite/rly_inv_abc?x=1'); // 'rly_inv_abc'
 * invitationToken(' rly_inv_abc '); // 'rly_inv_abc'
 * ```
 */
export function invitationToken(tokenOrLink: string): string {
  const text = tokenOrLink.trim();
  const inLink = /\/invite\/([^/?#\s]+)/.exec(text)?.[1];
  if (inLink === undefined) return text;
  try {
    return decodeURIComponent(inLink);
  } catch {
    return inLink;
  }
}

/**
 * `reelay members list`: the people with access to the context's project, and their roles.
 *
 * @example
 * ```ts
 * await listMembers(ctx);
 * ```
 */
export async function listMembers(ctx: CommandContext): Promise<void> {
  const { reelay, project } = await projectAndClient(await loadSettings(ctx.global));
  const answer = await reelay.members.list(project);
  ctx.out.result(answer, () =>
    renderTable(answer.members, [
      { header: t('members.columnUser'), value: (m: Member) => m.userId },
      { header: t('members.columnEmail'), value: (m: Member) => m.email, max: 40 },
      { header: t('members.columnName'), value: (m: Member) => m.name, max: 30 },
      { header: t('members.columnRole'), value: (m: Member) => m.role },
      { header: t('members.columnJoinedAt'), value: (m: Member) => m.joinedAt },
    ]),
  );
}

/**
 * `reelay members role <userId> <role>`: takes effect from the member's next call.
 *
 * @example
 * ```ts
 * await setMemberRole('usr_01jd8k2m3n4p5q6r7s8t9v0wxy', 'editor', ctx);
 * ```
 */
export async function setMemberRole(
  userId: string,
  role: string,
  ctx: CommandContext,
): Promise<void> {
  const { reelay, project } = await projectAndClient(await loadSettings(ctx.global));
  const answer = await reelay.members.update(project, userId, {
    role: role as Member['role'] & Invitation['role'],
  });
  ctx.out.result(answer, () =>
    t('members.roleChanged', {
      id: answer.member.userId,
      email: answer.member.email,
      role: answer.member.role,
    }),
  );
}

/**
 * `reelay members remove <userId>`: the member loses access from their next call.
 * Removing yourself leaves the project.
 *
 * @example
 * ```ts
 * await removeMember('usr_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function removeMember(userId: string, ctx: CommandContext): Promise<void> {
  const { reelay, project } = await projectAndClient(await loadSettings(ctx.global));
  await reelay.members.remove(project, userId);
  ctx.out.result({ success: true, userId }, () => t('members.removed', { id: userId }));
}

/**
 * `reelay invitations create <email> --role <role>`: the link is shown this once; it is
 * valid once, for `INVITATION_VALID_DAYS` days.
 *
 * @example
 * ```ts
 * await createInvitation('bia@example.com', { role: 'editor' }, ctx);
 * ```
 */
export async function createInvitation(
  email: string,
  options: { role?: string },
  ctx: CommandContext,
): Promise<void> {
  const { reelay, project } = await projectAndClient(await loadSettings(ctx.global));
  const answer = await reelay.invitations.create(project, {
    email,
    role: options.role as Invitation['role'],
  });
  const invitation = answer.invitation;
  ctx.out.note(t('invitations.copyNow', { days: INVITATION_VALID_DAYS }));
  ctx.out.result(
    answer,
    () =>
      `${t('invitations.created', {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        until: invitation.expiresAt,
      })}\n${invitation.url}`,
  );
}

/**
 * `reelay invitations list`: the pending invitations (their links are not shown again).
 *
 * @example
 * ```ts
 * await listInvitations(ctx);
 * ```
 */
export async function listInvitations(ctx: CommandContext): Promise<void> {
  const { reelay, project } = await projectAndClient(await loadSettings(ctx.global));
  const answer = await reelay.invitations.list(project);
  ctx.out.result(answer, () =>
    renderTable(answer.invitations, [
      { header: 'id', value: (i: Invitation) => i.id },
      { header: t('invitations.columnEmail'), value: (i: Invitation) => i.email, max: 40 },
      { header: t('invitations.columnRole'), value: (i: Invitation) => i.role },
      { header: t('invitations.columnCreatedAt'), value: (i: Invitation) => i.createdAt },
      { header: t('invitations.columnExpiresAt'), value: (i: Invitation) => i.expiresAt },
    ]),
  );
}

/**
 * `reelay invitations cancel <invitationId>`: its link stops working at once.
 *
 * @example
 * ```ts
 * await cancelInvitation('inv_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function cancelInvitation(invitationId: string, ctx: CommandContext): Promise<void> {
  const { reelay, project } = await projectAndClient(await loadSettings(ctx.global));
  await reelay.invitations.delete(project, invitationId);
  ctx.out.result({ success: true, invitationId }, () =>
    t('invitations.cancelled', { id: invitationId }),
  );
}

/**
 * `reelay invitations accept <token-or-link>`: joins the project as the logged-in user,
 * whose e-mail must be the invited one. The context keeps its project; the answer says
 * how to switch.
 *
 * @example
 * ```ts
 * await acceptInvitation('https://reelay.example.com/app/invite/rly_inv_…', ctx);
 * ```
 */
export async function acceptInvitation(tokenOrLink: string, ctx: CommandContext): Promise<void> {
  const token = invitationToken(tokenOrLink);
  registerSecrets([token]);
  const reelay = await sessionClient(await loadSettings(ctx.global));
  const answer = await reelay.invitations.accept({ token });
  const project = answer.project;
  ctx.out.result(answer, () =>
    [
      t('invitations.accepted', { name: project.name, id: project.id, role: project.role }),
      t('invitations.switchHint', { id: project.id }),
    ].join('\n'),
  );
}
