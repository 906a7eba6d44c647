/**
 * One connected account: its health (status, authorization, how it was connected, days
 * until the access expires, last check and its problem), what can be done with it, its
 * posting schedule and its insights.
 */
import { formatDateTime, useT } from '../../i18n';
import { AccountInsights } from './account-insights';
import { SlotsEditor } from './slots-editor';
import type { Integration } from './use-accounts-data';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccountCardProps {
  account: Integration;
  /** Just connected: shown highlighted. */
  highlighted: boolean;
  checking: boolean;
  /** The name of the account's profile, when it has one: its schedule may apply. */
  profileName: string | null;
  /** Days until the token expires, from the last check when there was one. */
  daysUntilExpiry: number | null;
  onCheck(): void;
  onReconnect(): void;
  onDisconnect(): void;
}

/** Days from now until an ISO date, rounded down; null without a date. */
export function daysUntil(iso: string | null, now = Date.now()): number | null {
  return iso ? Math.floor((Date.parse(iso) - now) / DAY_MS) : null;
}

export function AccountCard(props: AccountCardProps) {
  const t = useT();
  const { account } = props;
  const name = account.displayName ?? t('accounts.unnamed');
  const headingId = `account-${account.id}-name`;
  const revoked = account.status === 'revoked';
  const days = props.daysUntilExpiry;
  // A Facebook Login account keeps a Page token, which has no expiry date at all.
  const expiry =
    account.loginMode === 'facebook' && account.tokenExpiresAt === null
      ? t('accounts.neverExpires')
      : days === null
        ? t('accounts.expiryUnknown')
        : days < 0
          ? t('accounts.expired')
          : t('accounts.expiresIn', { count: days });
  const needsAction = account.authStatus === 'reconnect_required' || account.status !== 'connected';
  return (
    <article
      id={`account-${account.id}`}
      class={`account${props.highlighted ? ' highlight' : ''}${needsAction ? ' attention' : ''}`}
      aria-labelledby={headingId}
    >
      <header>
        <h3 id={headingId}>@{name}</h3>
        <span class={`badge ${account.status}`}>{t(`accounts.statusValue.${account.status}`)}</span>
      </header>
      <dl>
        <dt>{t('accounts.status')}</dt>
        <dd>{t(`accounts.statusValue.${account.status}`)}</dd>
        <dt>{t('accounts.authorization')}</dt>
        <dd>{t(`accounts.authValue.${account.authStatus}`)}</dd>
        <dt>{t('accounts.loginMode')}</dt>
        <dd>{t(`accounts.loginModeValue.${account.loginMode}`)}</dd>
        {!revoked && (
          <>
            <dt>{t('accounts.expiry')}</dt>
            <dd>{expiry}</dd>
          </>
        )}
        <dt>{t('accounts.lastCheck')}</dt>
        <dd>
          {account.lastHealthCheckAt
            ? formatDateTime(account.lastHealthCheckAt)
            : t('accounts.neverChecked')}
        </dd>
        {account.healthError && (
          <>
            <dt>{t('accounts.healthError')}</dt>
            <dd>{account.healthError}</dd>
          </>
        )}
      </dl>
      <footer class="actions">
        {!revoked && (
          <button
            type="button"
            class="secondary"
            aria-label={t('accounts.checkLabel', { name })}
            aria-busy={props.checking ? 'true' : undefined}
            disabled={props.checking}
            onClick={props.onCheck}
          >
            {props.checking ? t('accounts.checking') : t('accounts.checkNow')}
          </button>
        )}
        <button
          type="button"
          class={needsAction ? '' : 'secondary outline'}
          aria-label={t('accounts.reconnectLabel', { name })}
          onClick={props.onReconnect}
        >
          {t('accounts.reconnect')}
        </button>
        {!revoked && (
          <button
            type="button"
            class="danger outline"
            aria-label={t('accounts.disconnectLabel', { name })}
            onClick={props.onDisconnect}
          >
            {t('accounts.disconnect')}
          </button>
        )}
      </footer>
      {!revoked && (
        <SlotsEditor
          owner={{ kind: 'account', id: account.id }}
          name={`@${name}`}
          profileName={props.profileName}
        />
      )}
      {!revoked && (
        <AccountInsights accountId={account.id} name={name} onReconnect={props.onReconnect} />
      )}
    </article>
  );
}
