/**
 * The accounts page's sections: one per profile, the accounts without one, their account
 * cards, and the confirmation of a removal.
 */
import type { ComponentChildren } from 'preact';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useT } from '../../i18n';
import { AccountCard, daysUntil } from './account-card';
import { ConnectButton, type LoginMode } from './connect-button';
import { SlotsEditor } from './slots-editor';
import type { Integration, Profile } from './use-accounts-data';
import type { useHealthCheck } from './use-health-check';

/** What waits for the person's confirmation. */
export type Confirming =
  { kind: 'disconnect'; account: Integration } | { kind: 'remove-profile'; profile: Profile };

interface ConnectProps {
  /** The logins the server offers; null before it says. */
  logins: readonly LoginMode[] | null;
  connecting: boolean;
  onConnect(login?: LoginMode): void;
  /** The section's account cards. */
  children: ComponentChildren;
}

/**
 * A profile: its name, connect and remove, its approval of editors' posts, its posting
 * schedule and its accounts.
 */
export function ProfileSection({
  profile,
  logins,
  connecting,
  onConnect,
  onRemove,
  approval,
  children,
}: ConnectProps & { profile: Profile; onRemove(): void; approval: ComponentChildren }) {
  const t = useT();
  return (
    <section class="profile" aria-labelledby={`profile-${profile.id}`}>
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
            onConnect={onConnect}
          />
          <button type="button" class="secondary outline" onClick={onRemove}>
            {t('accounts.removeProfile')}
          </button>
        </div>
      </header>
      {approval}
      <SlotsEditor owner={{ kind: 'profile', id: profile.id }} name={profile.name} />
      {children}
    </section>
  );
}

/** The accounts without a profile; `first` when the project has no profile yet. */
export function NoProfileSection({
  first,
  logins,
  connecting,
  onConnect,
  children,
}: ConnectProps & { first: boolean }) {
  const t = useT();
  return (
    <section class="profile" aria-labelledby="profile-none">
      <header class="profile-header">
        <div>
          <h2 id="profile-none">{t('accounts.noProfile')}</h2>
          <p>{first ? t('accounts.noProfilesYet') : t('accounts.noProfileIntro')}</p>
        </div>
        <div class="actions">
          <ConnectButton
            logins={logins}
            text={t('accounts.connect')}
            busy={connecting}
            showProgress
            onConnect={onConnect}
          />
        </div>
      </header>
      {children}
    </section>
  );
}

/** Asks before disconnecting an account or removing a profile. */
export function ConfirmRemoval({
  confirming,
  busy,
  onConfirm,
  onCancel,
}: {
  confirming: Confirming;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      title={
        confirming.kind === 'disconnect'
          ? t('accounts.disconnectTitle', {
              name: confirming.account.displayName ?? t('accounts.unnamed'),
            })
          : t('accounts.removeProfileTitle', { name: confirming.profile.name })
      }
      confirmLabel={
        confirming.kind === 'disconnect' ? t('accounts.disconnect') : t('accounts.removeProfile')
      }
      cancelLabel={t('accounts.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {confirming.kind === 'disconnect'
          ? t('accounts.disconnectBody')
          : t('accounts.removeProfileBody')}
      </p>
    </ConfirmDialog>
  );
}

export interface AccountCardsProps {
  accounts: readonly Integration[];
  /** The profile they belong to; null for the accounts without one. */
  profileName: string | null;
  /** The account just connected, shown highlighted. */
  highlighted: string | null;
  health: ReturnType<typeof useHealthCheck>;
  onReconnect(account: Integration): void;
  onDisconnect(account: Integration): void;
}

/** A section's account cards, or a line saying there are none. */
export function AccountCards(props: AccountCardsProps) {
  const t = useT();
  const { accounts, health } = props;
  if (accounts.length === 0) return <p class="empty">{t('accounts.empty')}</p>;
  return (
    <div class="account-grid">
      {accounts.map((account) => (
        <AccountCard
          key={account.id}
          account={account}
          highlighted={props.highlighted === account.id}
          profileName={props.profileName}
          checking={health.checking.has(account.id)}
          daysUntilExpiry={
            account.id in health.days ? health.days[account.id]! : daysUntil(account.tokenExpiresAt)
          }
          onCheck={() => void health.check(account)}
          onReconnect={() => props.onReconnect(account)}
          onDisconnect={() => props.onDisconnect(account)}
        />
      ))}
    </div>
  );
}
