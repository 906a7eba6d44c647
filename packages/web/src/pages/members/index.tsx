/**
 * The project's members: who has access and with which role. An admin or the owner
 * invites people (a link shown once, valid for a few days), sees the invitations not yet
 * accepted and cancels one, changes a member's role and removes a member after a
 * confirmation. Anyone but the owner may leave the project. What the person's role (from
 * `/v1/me`) does not allow is not offered, and a note says why.
 */
import '../../components/admin-pages.css';
import { INVITATION_VALID_DAYS, PROJECT_ROLES, roleMeets, type AssignableRole } from '@reelay/sdk';
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ActionFeedback, LoadFailed, useActionFeedback } from '../../components/page-feedback';
import { PageHeading } from '../../components/page-heading';
import { SecretReveal } from '../../components/secret-reveal';
import { useBusyIds } from '../../components/use-busy-ids';
import { formatDateTime, useT } from '../../i18n';
import {
  useApi,
  useProjectRole,
  useSession,
  useSessionClient,
} from '../../session/session-context';
import { InvitationList } from './invitation-list';
import { InviteForm, type CreatedInvitation } from './invite-form';
import { MemberList } from './member-list';
import { useInvitations, useMembers, type Invitation, type Member } from './use-team';

export default function MembersPage() {
  const api = useApi();
  const session = useSessionClient();
  const t = useT();
  const state = useSession();
  const signedIn = state.status === 'signed-in' ? state : null;
  const projectId = signedIn?.projectId ?? '';
  const project = signedIn?.me.projects.find((item) => item.id === projectId);
  const projectName = project?.name ?? projectId;
  const role = useProjectRole();
  const canManage = role !== null && roleMeets(role, 'admin');

  const members = useMembers(projectId);
  const feedback = useActionFeedback();
  const busy = useBusyIds();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [confirmBusy, setConfirmBusy] = useState(false);

  const memberName = (member: Member) => member.name ?? member.email;

  async function changeRole(member: Member, next: AssignableRole) {
    busy.add(member.userId);
    feedback.setNotice('');
    try {
      const { member: changed } = await api.members.update(projectId, member.userId, {
        role: next,
      });
      members.update((list) =>
        list.map((item) => (item.userId === changed.userId ? changed : item)),
      );
      feedback.say(
        t('members.roleChanged', { name: memberName(member), role: t(`roles.${changed.role}`) }),
      );
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      busy.remove(member.userId);
    }
  }

  async function remove() {
    if (!removing) return;
    setConfirmBusy(true);
    try {
      await api.members.remove(projectId, removing.userId);
      const gone = removing.userId;
      members.update((list) => list.filter((item) => item.userId !== gone));
      feedback.say(t('members.removed', { name: memberName(removing) }));
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setConfirmBusy(false);
      setRemoving(null);
    }
  }

  async function leave() {
    if (!signedIn) return;
    setConfirmBusy(true);
    try {
      await api.members.remove(projectId, signedIn.me.user.id);
      // The project is no longer the person's: the session moves to another one.
      await session.reloadAccount();
    } catch (caught) {
      feedback.fail(caught);
      setConfirmBusy(false);
      setLeaving(false);
    }
  }

  return (
    <section class="admin-page members-page">
      <PageHeading title={t('members.title')}>{t('members.title')}</PageHeading>
      <p>{t('members.intro', { project: projectName })}</p>
      {role &&
        (canManage ? (
          <p>{t('members.yourRole', { role: t(`roles.${role}`) })}</p>
        ) : (
          <p class="notice">{t('members.adminOnly', { role: t(`roles.${role}`) })}</p>
        ))}

      <section aria-labelledby="members-title">
        <h2 id="members-title">{t('members.listTitle')}</h2>
        <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
        {members.error && !members.data ? (
          <LoadFailed
            message={t('members.loadFailed')}
            error={members.error}
            onRetry={() => void members.retry()}
          />
        ) : !members.data ? (
          <p aria-busy="true">{t('app.loading')}</p>
        ) : (
          <>
            <MemberList
              members={members.data}
              selfId={signedIn?.me.user.id ?? ''}
              canManage={canManage}
              busy={busy.has}
              memberName={memberName}
              onChangeRole={(member, next) => void changeRole(member, next)}
              onRemove={setRemoving}
              onLeave={() => setLeaving(true)}
            />
            {canManage && (
              <p class="muted">
                <small>{t('members.ownerNote')}</small>
              </p>
            )}
          </>
        )}
      </section>

      {canManage && <TeamInvitations projectId={projectId} />}

      <section aria-labelledby="roles-title">
        <h2 id="roles-title">{t('members.rolesTitle')}</h2>
        <dl class="facts role-guide">
          {PROJECT_ROLES.map((item) => (
            <Fragment key={item}>
              <dt>{t(`roles.${item}`)}</dt>
              <dd>{t(`roleHints.${item}`)}</dd>
            </Fragment>
          ))}
        </dl>
      </section>

      {removing && (
        <ConfirmDialog
          title={t('members.removeTitle', { name: memberName(removing) })}
          confirmLabel={t('members.remove')}
          cancelLabel={t('members.cancel')}
          busy={confirmBusy}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(null)}
        >
          <p>{t('members.removeBody', { name: memberName(removing), project: projectName })}</p>
        </ConfirmDialog>
      )}
      {leaving && (
        <ConfirmDialog
          title={t('members.leaveTitle', { project: projectName })}
          confirmLabel={t('members.leave')}
          cancelLabel={t('members.cancel')}
          busy={confirmBusy}
          onConfirm={() => void leave()}
          onCancel={() => setLeaving(false)}
        >
          <p>{t('members.leaveBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** An admin's part of the page: the link just created, the invite form, the pending list. */
function TeamInvitations({ projectId }: { projectId: string }) {
  const api = useApi();
  const t = useT();
  const invitations = useInvitations(projectId);
  const feedback = useActionFeedback();
  const busy = useBusyIds();
  const [created, setCreated] = useState<CreatedInvitation | null>(null);

  async function cancel(invitation: Invitation) {
    busy.add(invitation.id);
    feedback.setNotice('');
    try {
      await api.invitations.delete(projectId, invitation.id);
      invitations.update((list) => list.filter((item) => item.id !== invitation.id));
      feedback.say(t('members.invitationCancelled', { email: invitation.email }));
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      busy.remove(invitation.id);
    }
  }

  return (
    <>
      {created && (
        <SecretReveal
          title={t('members.invitedTitle', { email: created.email })}
          label={t('members.inviteLinkLabel')}
          secret={created.url}
          hint={t(created.emailed ? 'members.invitedEmailedHint' : 'members.invitedHint', {
            email: created.email,
            days: INVITATION_VALID_DAYS,
            date: formatDateTime(created.expiresAt),
          })}
          onDone={() => setCreated(null)}
        />
      )}
      <InviteForm
        projectId={projectId}
        onStart={() => feedback.setNotice('')}
        onCreated={(invitation) => {
          setCreated(invitation);
          return invitations.refresh();
        }}
      />
      <InvitationList
        invitations={invitations}
        feedback={feedback}
        busy={busy.has}
        onCancel={(invitation) => void cancel(invitation)}
      />
    </>
  );
}
