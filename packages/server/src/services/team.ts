/**
 * A project's team: its members and their roles, and the invitations that bring people
 * in. Routes check the caller's role first (`http/authenticate.ts`); the rules that
 * depend on whom a call is about are here: the owner keeps their role and their place
 * (`LAST_OWNER`), removing someone else asks for an admin, an invitation is accepted once,
 * before it expires, by the person whose e-mail it names.
 */
import { randomBytes } from 'node:crypto';
import {
  INVITATION_VALID_DAYS,
  newId,
  ReelayError,
  roleMeets,
  type AssignableRole,
  type ProjectRole,
} from '@reelay/core';
import type { Clock } from '../clock';
import { invitationMail } from '../mail/invitation-mail';
import type { Mailer } from '../mail/mailer';
import { hashSecret } from '../security/api-keys';
import {
  deletePendingInvitation,
  findInvitationByHash,
  insertInvitation,
  listPendingInvitations,
  markInvitationAccepted,
  type InvitationRecord,
} from '../store/invitations';
import {
  deleteMember,
  findMemberRole,
  insertMember,
  listMembers,
  updateMemberRole,
  type MemberRecord,
} from '../store/project-members';
import type { Db } from '../store/schema';
import { findProjectById, findUserById, type ProjectRecord } from '../store/users';

export type { InvitationRecord, MemberRecord };

/** Where an invitation's token starts: tells it apart from every other secret. */
const INVITATION_TOKEN_PREFIX = 'rly_inv_';
const DAY_MS = 86_400_000;

/** Who asks, and with which role in the project (already checked against the route's). */
export interface Actor {
  userId: string;
  role: ProjectRole;
}

export interface TeamService {
  listMembers(projectId: string): Promise<MemberRecord[]>;
  changeRole(
    actor: Actor,
    projectId: string,
    userId: string,
    role: AssignableRole,
  ): Promise<MemberRecord>;
  removeMember(actor: Actor, projectId: string, userId: string): Promise<void>;
  /** The stored invitation, this once its address, and whether it also went by e-mail. */
  invite(
    actor: Actor,
    projectId: string,
    invitee: { email: string; role: AssignableRole },
  ): Promise<{ invitation: InvitationRecord; url: string; emailed: boolean }>;
  listInvitations(projectId: string): Promise<InvitationRecord[]>;
  cancelInvitation(projectId: string, invitationId: string): Promise<void>;
  /**
   * What a pending invitation offers, for whoever holds its token: the e-mail, the role,
   * the project's name and the expiry. Accepts nothing.
   */
  preview(token: string): Promise<{ invitation: InvitationRecord; projectName: string }>;
  /** Checks an invitation can be accepted by this e-mail, without accepting it. */
  checkInvitation(token: string, email: string, db?: Db): Promise<InvitationRecord>;
  /**
   * Adds the user to the invitation's project and marks it accepted, in `db`'s
   * transaction when given (a sign-up), else in its own; answers the project and role.
   */
  accept(token: string, userId: string, db?: Db): Promise<ProjectRecord & { role: ProjectRole }>;
}

const notMember = () =>
  new ReelayError('NOT_FOUND', { message: 'Esta pessoa não é membro do projeto.' });

/**
 * @example
 * ```ts
 * const team = createTeamService({ db, clock, publicUrl: 'https://reelay.example.com' });
 * const { url } = await team.invite(actor, projectId, { email: 'bia@example.com', role: 'editor' });
 * ```
 */
export function createTeamService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Sends invitations by e-mail when the server has SMTP. */
  mailer?: Mailer | undefined;
}): TeamService {
  const { db, clock } = deps;

  async function member(projectId: string, userId: string): Promise<MemberRecord> {
    const found = (await listMembers(db, projectId)).find((item) => item.userId === userId);
    if (!found) throw notMember();
    return found;
  }

  function refuseOwner(target: MemberRecord): void {
    if (target.role === 'owner') {
      throw new ReelayError('LAST_OWNER', { details: { field: 'userId' } });
    }
  }

  async function pendingInvitation(
    queryable: Db,
    token: string,
    /** The e-mail that would accept it; undefined only to show the invitation. */
    email: string | undefined,
  ): Promise<InvitationRecord> {
    const invitation = token.startsWith(INVITATION_TOKEN_PREFIX)
      ? await findInvitationByHash(queryable, hashSecret(token))
      : undefined;
    if (!invitation) {
      throw new ReelayError('NOT_FOUND', {
        message: 'Convite não encontrado: confira o endereço, ou peça um novo convite.',
      });
    }
    const invalid = (reason: string, message: string) =>
      new ReelayError('INVITATION_INVALID', { message, details: { reason } });
    if (invitation.acceptedAt !== null) {
      throw invalid('accepted', 'Este convite já foi aceito; cada convite vale uma vez.');
    }
    if (invitation.expiresAt <= clock.now()) {
      throw invalid(
        'expired',
        `Este convite expirou (vale ${INVITATION_VALID_DAYS} dias); peça um novo.`,
      );
    }
    if (email !== undefined && invitation.email.toLowerCase() !== email.toLowerCase()) {
      throw invalid(
        'email_mismatch',
        `Este convite é para ${invitation.email}; entre com esse e-mail para aceitá-lo.`,
      );
    }
    return invitation;
  }

  return {
    listMembers: (projectId) => listMembers(db, projectId),

    async changeRole(_actor, projectId, userId, role) {
      const target = await member(projectId, userId);
      refuseOwner(target);
      await updateMemberRole(db, projectId, userId, role);
      return { ...target, role };
    },

    async removeMember(actor, projectId, userId) {
      const target = await member(projectId, userId);
      if (userId !== actor.userId && !roleMeets(actor.role, 'admin')) {
        throw new ReelayError('ROLE_REQUIRED', {
          message: `Remover outra pessoa pede o papel admin ou maior; o seu é ${actor.role}.`,
          details: { role: actor.role, required: 'admin' },
        });
      }
      refuseOwner(target);
      await deleteMember(db, projectId, userId);
    },

    async invite(actor, projectId, { email, role }) {
      const now = clock.now();
      const token = `${INVITATION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const invitation: InvitationRecord = {
        id: newId('invitation', now),
        projectId,
        email: email.toLowerCase(),
        role,
        tokenHash: hashSecret(token),
        invitedBy: actor.userId,
        createdAt: now,
        expiresAt: now + INVITATION_VALID_DAYS * DAY_MS,
        acceptedAt: null,
        acceptedBy: null,
      };
      await insertInvitation(db, invitation);
      const url = new URL(
        `app/invite/${token}`,
        `${deps.publicUrl.replace(/\/+$/, '')}/`,
      ).toString();
      const emailed = deps.mailer ? await mailInvitation(deps.mailer, invitation, url) : false;
      return { invitation, url, emailed };
    },

    listInvitations: (projectId) => listPendingInvitations(db, projectId, clock.now()),

    async cancelInvitation(projectId, invitationId) {
      if (!(await deletePendingInvitation(db, projectId, invitationId))) {
        throw new ReelayError('NOT_FOUND', {
          message: 'Convite pendente não encontrado neste projeto.',
        });
      }
    },

    checkInvitation: (token, email, queryable = db) => pendingInvitation(queryable, token, email),

    async preview(token) {
      const invitation = await pendingInvitation(db, token, undefined);
      const project = await findProjectById(db, invitation.projectId);
      return { invitation, projectName: project?.name ?? '' };
    },

    accept: (token, userId, queryable) =>
      queryable
        ? acceptIn(queryable, token, userId)
        : db.transaction().execute((trx) => acceptIn(trx, token, userId)),
  };

  /** Sends the invitation by e-mail; answers whether the SMTP server took it. */
  async function mailInvitation(
    mailer: Mailer,
    invitation: InvitationRecord,
    url: string,
  ): Promise<boolean> {
    const [project, inviter] = await Promise.all([
      findProjectById(db, invitation.projectId),
      findUserById(db, invitation.invitedBy),
    ]);
    return mailer.send(
      invitationMail({
        to: invitation.email,
        projectName: project?.name ?? invitation.projectId,
        invitedBy: inviter?.name ?? inviter?.email ?? 'Reelay',
        role: invitation.role,
        url,
        validDays: INVITATION_VALID_DAYS,
      }),
    );
  }

  /** Accepts inside the caller's transaction: the membership and the mark go together. */
  async function acceptIn(
    queryable: Db,
    token: string,
    userId: string,
  ): Promise<ProjectRecord & { role: ProjectRole }> {
    const user = await findUserById(queryable, userId);
    if (!user) throw new ReelayError('UNAUTHORIZED');
    const invitation = await pendingInvitation(queryable, token, user.email);
    const now = clock.now();
    if (!(await markInvitationAccepted(queryable, invitation.id, userId, now))) {
      throw new ReelayError('INVITATION_INVALID', {
        message: 'Este convite já foi aceito; cada convite vale uma vez.',
        details: { reason: 'accepted' },
      });
    }
    // Someone already in the project keeps the role they have.
    await insertMember(queryable, {
      projectId: invitation.projectId,
      userId,
      role: invitation.role,
      joinedAt: now,
    });
    const project = await findProjectById(queryable, invitation.projectId);
    const role = await findMemberRole(queryable, invitation.projectId, userId);
    if (!project || !role) throw notMember();
    return { ...project, role };
  }
}
