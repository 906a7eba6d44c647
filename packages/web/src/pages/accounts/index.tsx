/**
 * Connected accounts, grouped by profile: their health, checking it now, reconnecting,
 * disconnecting (after a confirmation), the posting schedules of profiles and accounts
 * (the slots the queue gives out), profiles created and removed, and connecting a
 * new Instagram account, with Instagram Login or Facebook Login as the server offers.
 * Connecting leaves the app for Instagram or Facebook; the server's callback sends the
 * browser back here with the outcome in the query, shown once.
 */
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { describeError } from '../../components/api-error';
import { PageHeading } from '../../components/page-heading';
import { ActionFeedback, LoadFailed } from '../../components/page-feedback';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import {
  AccountCards,
  ConfirmRemoval,
  NoProfileSection,
  ProfileSection,
  type Confirming,
} from './account-sections';
import {
  ConnectOutcomeNotice,
  outcomeOf,
  takeStartedLogin,
  type ConnectOutcome,
} from './connect-outcome';
import { ProfileForm } from './profile-form';
import { useAccountsData, type Integration } from './use-accounts-data';
import { useConnect } from './use-connect';
import { useHealthCheck } from './use-health-check';

const PAGE_PATH = '/app/accounts';

export default function AccountsPage() {
  const session = useSessionClient();
  const t = useT();
  const { query, route } = useLocation();
  const { data, error, retry, refresh, replace } = useAccountsData();
  const [outcome, setOutcome] = useState<ConnectOutcome | null>(() =>
    outcomeOf(query, takeStartedLogin()),
  );
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);
  // Without an answer, the connect button offers the server's first login.
  const logins = useLoad(async () => (await session.options()).connectLogins, []).data;

  // The outcome is read once; the address loses it (and Instagram's `#_`), so a reload
  // does not show it again.
  useEffect(() => {
    if (outcomeOf(query) || location.hash) route(PAGE_PATH, true);
  }, []);

  useEffect(() => {
    if (outcome?.kind !== 'connected' || !data) return;
    document
      .getElementById(`account-${outcome.integrationId}`)
      ?.scrollIntoView({ block: 'center' });
  }, [outcome, data]);

  const health = useHealthCheck({ replace, say, fail });
  const { connecting, connect } = useConnect(logins, fail);

  function fail(caught: unknown) {
    setNotice('');
    setActionError(describeError(caught));
  }

  function say(text: string) {
    setActionError('');
    setNotice(text);
  }

  async function confirm() {
    if (!confirming) return;
    setBusy(true);
    try {
      // The list is read again before the outcome is announced, so what the page says
      // and what it shows agree.
      if (confirming.kind === 'disconnect') {
        await session.api.accounts.disconnect(confirming.account.id);
        await refresh();
        say(
          t('accounts.disconnected', {
            name: confirming.account.displayName ?? t('accounts.unnamed'),
          }),
        );
      } else {
        await session.api.profiles.delete(confirming.profile.id);
        await refresh();
        say(t('accounts.profileRemoved', { name: confirming.profile.name }));
      }
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  function cards(accounts: readonly Integration[], profileName: string | null) {
    return (
      <AccountCards
        accounts={accounts}
        profileName={profileName}
        highlighted={outcome?.kind === 'connected' ? outcome.integrationId : null}
        health={health}
        onReconnect={(account) => void connect(account.profileId, account.loginMode)}
        onDisconnect={(account) => setConfirming({ kind: 'disconnect', account })}
      />
    );
  }

  const profileIds = new Set(data?.profiles.map((profile) => profile.id));
  const withoutProfile =
    data?.integrations.filter((item) => !item.profileId || !profileIds.has(item.profileId)) ?? [];

  return (
    <section class="accounts-page">
      <PageHeading title={t('accounts.title')}>{t('accounts.title')}</PageHeading>
      <p>{t('accounts.intro')}</p>
      {outcome && (
        <ConnectOutcomeNotice
          outcome={outcome}
          integrations={data?.integrations ?? []}
          onDismiss={() => setOutcome(null)}
        />
      )}
      <ActionFeedback notice={notice} actionError={actionError} />
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
              onRemove={() => setConfirming({ kind: 'remove-profile', profile })}
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
      {confirming && (
        <ConfirmRemoval
          confirming={confirming}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
