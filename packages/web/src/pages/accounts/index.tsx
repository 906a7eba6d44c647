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
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { ActionFeedback, LoadFailed } from '../../components/page-feedback';
import { useBusyIds } from '../../components/use-busy-ids';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { AccountCard, daysUntil } from './account-card';
import { ConnectButton, type LoginMode } from './connect-button';
import {
  ConnectOutcomeNotice,
  outcomeOf,
  rememberLogin,
  takeStartedLogin,
  type ConnectOutcome,
} from './connect-outcome';
import { ProfileForm } from './profile-form';
import { SlotsEditor } from './slots-editor';
import { useAccountsData, type Integration, type Profile } from './use-accounts-data';

const PAGE_PATH = '/app/accounts';

type Confirming =
  { kind: 'disconnect'; account: Integration } | { kind: 'remove-profile'; profile: Profile };

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
  const checking = useBusyIds();
  const [days, setDays] = useState<Record<string, number | null>>({});
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [logins, setLogins] = useState<readonly LoginMode[] | null>(null);

  useEffect(() => {
    session.options().then(
      (options) => setLogins(options.connectLogins),
      () => setLogins(null),
    );
  }, []);

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

  function fail(caught: unknown) {
    setNotice('');
    setActionError(describeError(caught));
  }

  function say(text: string) {
    setActionError('');
    setNotice(text);
  }

  /** Sends the browser to authorize an account; a Facebook Login account reconnects the same way. */
  async function connect(profileId: string | null, login?: Integration['loginMode']) {
    setConnecting(true);
    try {
      const { url } = await session.api.accounts.connect({
        ...(profileId ? { profileId } : {}),
        ...(login === 'facebook' ? { login } : {}),
        redirectUrl: `${location.origin}${PAGE_PATH}`,
      });
      // Without `login` the server starts the first login it has.
      rememberLogin(login === 'facebook' ? login : (logins?.[0] ?? 'instagram'));
      location.assign(url);
    } catch (caught) {
      setConnecting(false);
      fail(caught);
    }
  }

  async function check(account: Integration) {
    checking.add(account.id);
    try {
      const { health } = await session.api.accounts.health(account.id, { force: true });
      replace({
        ...account,
        status: health.status,
        authStatus: health.authStatus,
        tokenExpiresAt: health.tokenExpiresAt,
        lastHealthCheckAt: health.lastHealthCheckAt,
        healthError: health.healthError,
      });
      setDays((current) => ({ ...current, [account.id]: health.daysUntilExpiry }));
      say(
        t('accounts.checked', {
          name: account.displayName ?? t('accounts.unnamed'),
          status: t(`accounts.statusValue.${health.status}`),
        }),
      );
    } catch (caught) {
      fail(caught);
    } finally {
      checking.remove(account.id);
    }
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
    if (accounts.length === 0) return <p class="empty">{t('accounts.empty')}</p>;
    return (
      <div class="account-grid">
        {accounts.map((account) => (
          <AccountCard
            key={account.id}
            account={account}
            highlighted={outcome?.kind === 'connected' && outcome.integrationId === account.id}
            profileName={profileName}
            checking={checking.has(account.id)}
            daysUntilExpiry={
              account.id in days ? days[account.id]! : daysUntil(account.tokenExpiresAt)
            }
            onCheck={() => void check(account)}
            onReconnect={() => void connect(account.profileId, account.loginMode)}
            onDisconnect={() => setConfirming({ kind: 'disconnect', account })}
          />
        ))}
      </div>
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
            <section key={profile.id} class="profile" aria-labelledby={`profile-${profile.id}`}>
              <header class="profile-header">
                <div>
                  <h2 id={`profile-${profile.id}`}>{profile.name}</h2>
                  {profile.description && <p>{profile.description}</p>}
                </div>
                <div class="actions">
                  <ConnectButton
                    logins={logins}
                    text={t('accounts.connect')}
                    label={t('accounts.connectTo', { name: profile.name })}
                    busy={connecting}
                    onConnect={(login) => void connect(profile.id, login)}
                  />
                  <button
                    type="button"
                    class="secondary outline"
                    onClick={() => setConfirming({ kind: 'remove-profile', profile })}
                  >
                    {t('accounts.removeProfile')}
                  </button>
                </div>
              </header>
              <SlotsEditor owner={{ kind: 'profile', id: profile.id }} name={profile.name} />
              {cards(
                data.integrations.filter((item) => item.profileId === profile.id),
                profile.name,
              )}
            </section>
          ))}
          <section class="profile" aria-labelledby="profile-none">
            <header class="profile-header">
              <div>
                <h2 id="profile-none">{t('accounts.noProfile')}</h2>
                <p>
                  {data.profiles.length === 0
                    ? t('accounts.noProfilesYet')
                    : t('accounts.noProfileIntro')}
                </p>
              </div>
              <div class="actions">
                <ConnectButton
                  logins={logins}
                  text={t('accounts.connect')}
                  busy={connecting}
                  showProgress
                  onConnect={(login) => void connect(null, login)}
                />
              </div>
            </header>
            {cards(withoutProfile, null)}
          </section>
          <ProfileForm
            onCreated={(profile) => {
              say(t('accounts.profileCreated', { name: profile.name }));
              void refresh();
            }}
          />
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={
            confirming.kind === 'disconnect'
              ? t('accounts.disconnectTitle', {
                  name: confirming.account.displayName ?? t('accounts.unnamed'),
                })
              : t('accounts.removeProfileTitle', { name: confirming.profile.name })
          }
          confirmLabel={
            confirming.kind === 'disconnect'
              ? t('accounts.disconnect')
              : t('accounts.removeProfile')
          }
          cancelLabel={t('accounts.cancel')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {confirming.kind === 'disconnect'
              ? t('accounts.disconnectBody')
              : t('accounts.removeProfileBody')}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
