/**
 * The "connect an account" button. A server with one login (or whose logins are not known
 * yet) gets a single button that starts it; a server with both Instagram Login and
 * Facebook Login gets a button that opens the choice between them, with one line saying
 * how they differ.
 */
import { useId, useRef, useState } from 'preact/hooks';
import { useT } from '../../i18n';
import type { Integration } from './use-accounts-data';
import './connect-button.css';

/** How an account is connected: `instagram` (Instagram Login) or `facebook` (Facebook Login). */
export type LoginMode = Integration['loginMode'];

export interface ConnectButtonProps {
  /** The logins the server connects with, first the one it uses by default; null while unknown. */
  logins: readonly LoginMode[] | null;
  /** The visible text of the button. */
  text: string;
  /** A longer accessible name (which profile the account goes to), when the text is not enough. */
  label?: string | undefined;
  busy: boolean;
  /** While busy, say which site is opening instead of `text`. */
  showProgress?: boolean;
  /** Starts connecting; `login` is undefined when the server's default is meant. */
  onConnect(login: LoginMode | undefined): void;
}

/**
 * @example
 * ```tsx
 * <ConnectButton logins={['instagram', 'facebook']} text="Conectar" busy={false} onConnect={start} />
 * ```
 */
export function ConnectButton(props: ConnectButtonProps) {
  const { logins, label, busy, onConnect } = props;
  const t = useT();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<LoginMode | undefined>();
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const choosing = logins?.includes('instagram') && logins.includes('facebook');
  // Without a choice the server uses the first login it has.
  const opening = chosen ?? logins?.[0] ?? 'instagram';
  const text =
    busy && props.showProgress
      ? t(opening === 'facebook' ? 'accounts.connectingFacebook' : 'accounts.connecting')
      : props.text;

  if (!choosing) {
    return (
      <button
        type="button"
        aria-label={label}
        aria-busy={busy ? 'true' : undefined}
        disabled={busy}
        onClick={() => onConnect(undefined)}
      >
        {text}
      </button>
    );
  }

  function choose(login: LoginMode) {
    setOpen(false);
    setChosen(login);
    onConnect(login);
  }

  return (
    <div
      class="connect-choice"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
      onFocusOut={(event) => {
        const next = event.relatedTarget as Node | null;
        if (!next || !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-label={label}
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={`${id}-logins`}
        aria-busy={busy ? 'true' : undefined}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        {text}
      </button>
      <div
        id={`${id}-logins`}
        class="connect-logins"
        role="group"
        aria-label={t('accounts.connectWith')}
        aria-describedby={`${id}-hint`}
        hidden={!open}
      >
        <button type="button" onClick={() => choose('instagram')}>
          {t('accounts.loginChoice.instagram')}
        </button>
        <button type="button" class="secondary" onClick={() => choose('facebook')}>
          {t('accounts.loginChoice.facebook')}
        </button>
        <p id={`${id}-hint`}>
          <small>{t('accounts.loginChoice.hint')}</small>
        </p>
      </div>
    </div>
  );
}
