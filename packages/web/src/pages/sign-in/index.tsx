/**
 * Sign-in: e-mail and password, sign-up when the server accepts new users, and the
 * company login when the server trusts an OpenID Connect issuer. The server's error
 * appears beside the field it names.
 */
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { isReelayError } from '@reelay/sdk';
import { describeError, errorField } from '../../components/api-error';
import { CredentialsFields, OidcSignIn } from '../../components/credentials-fields';
import { PageHeading } from '../../components/page-heading';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { type AuthOptions, type SignedOutReason } from '../../session/session';
import { useSessionClient } from '../../session/session-context';

const NOTICES: Record<Exclude<SignedOutReason, null>, string> = {
  expired: 'signIn.expired',
  'link-used': 'signIn.linkUsed',
  'oidc-failed': 'signIn.oidcFailed',
};

export default function SignInPage({
  reason,
  detail,
}: {
  reason: SignedOutReason;
  detail?: string | undefined;
}) {
  const session = useSessionClient();
  const t = useT();
  const { url } = useLocation();
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  // Unreadable options offer the plain sign-in only: no sign-up, no company login.
  const options = useLoad(
    () =>
      session
        .options()
        .catch((): AuthOptions => ({ signup: false, oidc: null, connectLogins: [] })),
    [],
  ).data;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const field = errorField(error);
  const signupRefused = mode === 'sign-up' && isReelayError(error, 'FORBIDDEN');
  const message = error ? (signupRefused ? t('signIn.signupClosed') : describeError(error)) : null;
  const fieldError = (name: string) => (field === name ? message : null);
  const signingUp = mode === 'sign-up';

  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      if (signingUp) await session.signUp(email, password, String(form.get('name') ?? '').trim());
      else await session.signIn(email, password);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  const notice = reason ? t(NOTICES[reason], { reason: detail ?? '' }) : null;
  const title = signingUp ? t('signUp.title') : t('signIn.title');
  return (
    <section class="sign-in">
      <PageHeading title={title}>{title}</PageHeading>
      <p>{t('signIn.intro')}</p>
      {notice && (
        <p role="status" class="notice">
          {notice}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <CredentialsFields
          signingUp={signingUp}
          busy={busy}
          fieldError={fieldError}
          formMessage={message && !field ? message : null}
          submitLabel={t(signingUp ? 'signUp.submit' : 'signIn.submit')}
        />
      </form>
      {options?.signup && (
        <p>
          <button
            type="button"
            class="link"
            onClick={() => {
              setMode(signingUp ? 'sign-in' : 'sign-up');
              setError(null);
            }}
          >
            {signingUp ? t('signIn.toSignIn') : t('signIn.toSignUp')}
          </button>
        </p>
      )}
      {!options?.signup && signingUp && <p>{t('signIn.signupClosed')}</p>}
      {options?.oidc?.clientId && (
        <OidcSignIn onStart={() => session.startOidc(url)} onError={setError} />
      )}
    </section>
  );
}
