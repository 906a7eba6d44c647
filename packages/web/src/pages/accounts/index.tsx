/**
 * Connected accounts, grouped by profile: their health, checking it now, reconnecting,
 * disconnecting (after a confirmation), the posting schedules of profiles and accounts
 * (the slots the queue gives out), profiles created and removed, whether each profile
 * requires approval of editors' posts (or follows the project), and connecting a
 * new Instagram account, with Instagram Login or Facebook Login as the server offers.
 * Connecting leaves the app for Instagram or Facebook; the server's callback sends the
 * browser back here with the outcome in the query, shown once.
 */
import { PageHeading } from '../../components/page-heading';
import { ActionFeedback, LoadFailed, useActionFeedback } from '../../components/page-feedback';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { AccountCards, ConfirmRemoval, NoProfileSection, ProfileSection } from './account-sections';
import { ConnectOutcomeNotice } from './connect-outcome';
import { ProfileApproval } from './profile-approval';
import { ProfileForm } from './profile-form';
import { useAccountsData, type Integration } from './use-accounts-data';
import { useConnect } from './use-connect';
import { useConnectOutcome } from './use-connect-outcome';
import { useHealthCheck } from './use-health-check';
import { useRemoval } from './use-removal';

export default function AccountsPage() {
  const session = useSessionClient();
  const t = useT();
  const { data, error, retry, refresh, replace, update } = useAccountsData();
  const projectId = session.state.status === 'signed-in' ? session.state.projectId : '';
  const projectApproval = useLoad(
    async (signal) => (await session.api.projectSettings.get(projectId, { signal })).settings,
    [projectId],
  ).data;
  const { outcome, dismiss } = useConnectOutcome(data);
  const feedback = useActionFeedback();
  const { say, fail } = feedback;
  const removal = useRemoval(refresh, feedback);
  // Without an answer, the connect button offers the server's first login.
  const logins = useLoad(async () => (await session.options()).connectLogins, []).data;
  const health = useHealthCheck({ replace, say, fail });
  const { connecting, connect } = useConnect(logins, fail);

  function cards(accounts: readonly Integration[], profileName: string | null) {
    return (
      <AccountCards
        accounts={accounts}
        profileName={profileName}
        highlighted={outcome?.kind === 'connected' ? outcome.integrationId : null}
        health={health}
        onReconnect={(account) => void connect(account.profileId, account.loginMode)}
        onDisconnect={(account) => removal.setConfirming({ kind: 'disconnect', account })}
      />
    );
  }

  const profileIds = new Set(data?.profiles.map((profile) => profile.id));
  const withoutProfile =
    data?.integrations.filter((item) => !item.profileId || !profileIds.has(item.profileId)) ?? [];

  return (
    <section class="accounts-page">
      <PageHeading title={t('accounts.title')} help={<p>{t('accounts.intro')}</p>}>
        {t('accounts.title')}
      </PageHeading>
      {outcome && (
        <ConnectOutcomeNotice
          outcome={outcome}
          integrations={data?.integrations ?? []}
          onDismiss={dismiss}
        />
      )}
      <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
      {error && !data ? (
        <LoadFailed message={t('accounts.loadFailed')} error={error} onRetry={() => void retry()} />
      ) : !data ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : (
        <>
          {data.profiles.map((profile) => (
            <ProfileSection
              key={profile.id}
              profile={profile}
              logins={logins}
              connecting={connecting}
              onConnect={(login) => void connect(profile.id, login)}
              onRemove={() => removal.setConfirming({ kind: 'remove-profile', profile })}
              approval={
                <ProfileApproval
                  key={`${profile.id}:${String(profile.approvalRequired)}`}
                  profile={profile}
                  projectRequires={projectApproval?.approvalRequired ?? null}
                  onSaved={(saved, text) => {
                    update((current) => ({
                      ...current,
                      profiles: current.profiles.map((item) =>
                        item.id === saved.id ? saved : item,
                      ),
                    }));
                    say(text);
                  }}
                />
              }
            >
              {cards(
                data.integrations.filter((item) => item.profileId === profile.id),
                profile.name,
              )}
            </ProfileSection>
          ))}
          <NoProfileSection
            first={data.profiles.length === 0}
            logins={logins}
            connecting={connecting}
            onConnect={(login) => void connect(null, login)}
          >
            {cards(withoutProfile, null)}
          </NoProfileSection>
          <ProfileForm
            onCreated={(profile) => {
              say(t('accounts.profileCreated', { name: profile.name }));
              void refresh();
            }}
          />
        </>
      )}
      {removal.confirming && (
        <ConfirmRemoval
          confirming={removal.confirming}
          busy={removal.busy}
          onConfirm={() => void removal.confirm()}
          onCancel={() => removal.setConfirming(null)}
        />
      )}
    </section>
  );
}
