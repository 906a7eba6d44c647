/**
 * An invitation's link, `/app/invite/<token>`. Signed in, the person accepts it with one
 * button and the app switches to the project. Signed out, they create an account with the
 * invited e-mail (the invitation opens sign-up for it even when sign-up is closed, and the
 * account joins the project in the same step), or sign in and then accept. A link that
 * does not exist, has expired, was already used or is for another e-mail says so.
 */
import '../../components/admin-pages.css';
import { INVITATION_VALID_DAYS, isReelayError } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { CredentialsFields, OidcSignIn } from '../../components/credentials-fields';
import { describeError, errorField } from '../../components/api-error';
import { PageHeading } from '../../components/page-heading';
import { useLoad } from '../../components/use-load';
import { t as translate, useT } from '../../i18n';
import type { AuthOptions, Me } from '../../session/session';
import { useSession, useSessionClient } from '../../session/session-context';
import { invitationTokenIn } from './invite-path';

const REASONS = ['accepted', 'expired', 'email_mismatch'] as const;

/** What went wrong with the invitation itself, in words; null for any other failure. */
function invitationProblem(error: unknown): string | null {
  const field = errorField(error);
  if (
    isReelayError(error, 'NOT_FOUND') ||
    (isReelayError(error, 'VALIDATION_ERROR') && (field === 'token' || field === 'invitationToken'))
  ) {
    return translate('invite.notFound');
  }
  if (isReelayError(error, 'INVITATION_INVALID')) {
    const reason = error.details?.reason;
    const known = REASONS.find((item) => item === reason) ?? 'other';
    return translate(`invite.invalid.${known}`, { days: INVITATION_VALID_DAYS });
  }
  return null;
}

export default function InvitePage() {
  const state = useSession();
  const { path } = useLocation();
  const token = invitationTokenIn(path) ?? '';
  return state.status === 'signed-in' ? (
    <SignedIn token={token} me={state.me} />
  ) : (
    <SignedOut token={token} />
  );
}

function SignedIn({ token, me }: { token: string; me: Me }) {
  const session = useSessionClient();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const joinedId = session.joinedWith(token);
  const joined = joinedId ? me.projects.find((project) => project.id === joinedId) : undefined;

  if (joined) {
    const title = t('invite.joinedTitle', { project: joined.name });
    return (
      <section class="sign-in invite-page">
        <PageHeading title={title}>{title}</PageHeading>
        <p role="status" class="notice success">
          {t('invite.joined', { role: t(`roles.${joined.role}`) })}
        </p>
        <ul class="invite-links">
          <li>
            <a href="/app/calendar">{t('invite.toCalendar')}</a>
          </li>
          <li>
            <a href="/app/members">{t('invite.toMembers')}</a>
          </li>
        </ul>
      </section>
    );
  }

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      // Once accepted, the session opens the project and this page shows the outcome.
      await session.acceptInvitation(token);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  const problem = error ? (invitationProblem(error) ?? describeError(error)) : null;
  const otherEmail =
    isReelayError(error, 'INVITATION_INVALID') && error.details?.reason === 'email_mismatch';
  return (
    <section class="sign-in invite-page">
      <PageHeading title={t('invite.title')}>{t('invite.title')}</PageHeading>
      <p>{t('invite.signedInAs', { email: me.user.email })}</p>
      <p>{t('invite.acceptIntro')}</p>
      {problem && (
        <div role="alert" class="form-error">
          <p>{problem}</p>
          {otherEmail && <p>{t('invite.otherEmail', { email: me.user.email })}</p>}
        </div>
      )}
      {otherEmail ? (
        <button type="button" class="secondary" onClick={() => void session.signOut()}>
          {t('invite.signOut')}
        </button>
      ) : (
        <button
          type="button"
          aria-busy={busy ? 'true' : undefined}
          disabled={busy}
          onClick={() => void accept()}
        >
          {busy ? t('invite.accepting') : t('invite.accept')}
        </button>
      )}
    </section>
  );
}

function SignedOut({ token }: { token: string }) {
  const session = useSessionClient();
  const t = useT();
  const { url } = useLocation();
  const [mode, setMode] = useState<'sign-up' | 'sign-in'>('sign-up');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const options = useLoad(
    () =>
      session
        .options()
        .catch((): AuthOptions => ({ signup: false, oidc: null, connectLogins: [] })),
    [],
  ).data;

  // What the link offers, shown before anything is typed; a dead link says so at once.
  const offer = useLoad(
    (signal) => session.api.invitations.lookup({ token }, { signal }),
    [session, token],
  );
  const invited = offer.data?.invitation;

  const signingUp = mode === 'sign-up';
  const field = errorField(error);
  const problem = error
    ? invitationProblem(error)
    : offer.error
      ? invitationProblem(offer.error)
      : null;
  const message = !error
    ? null
    : (problem ??
      (signingUp && isReelayError(error, 'EMAIL_IN_USE')
        ? t('invite.emailInUse')
        : describeError(error)));
  const besideField = !problem && field && ['name', 'email', 'password'].includes(field);
  const fieldError = (name: string) => (besideField && field === name ? message : null);

  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      if (signingUp) {
        const name = String(form.get('name') ?? '').trim();
        await session.signUp(email, password, name, token);
      } else {
        // Signed in, this page offers to accept.
        await session.signIn(email, password);
      }
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  const formTitle = signingUp ? t('invite.signUpTitle') : t('invite.signInTitle');
  return (
    <section class="sign-in invite-page">
      <PageHeading title={t('invite.title')}>{t('invite.title')}</PageHeading>
      <p>{t('invite.intro')}</p>
      {invited && (
        <p class="notice" role="status">
          {t('invite.offer', {
            project: invited.projectName,
            role: t(`roles.${invited.role}`),
            email: invited.email,
          })}
        </p>
      )}
      {!error && offer.error && problem ? (
        <p role="alert" class="form-error">
          {problem}
        </p>
      ) : null}
      <h2>{formTitle}</h2>
      <form onSubmit={submit} noValidate aria-label={formTitle} key={mode}>
        <CredentialsFields
          signingUp={signingUp}
          busy={busy}
          idPrefix="invite"
          emailHint={signingUp ? t('invite.emailHint') : undefined}
          defaultEmail={invited?.email}
          fieldError={fieldError}
          formMessage={message && !besideField ? message : null}
          submitLabel={t(signingUp ? 'invite.signUpSubmit' : 'signIn.submit')}
        />
      </form>
      <p>
        <button
          type="button"
          class="link"
          onClick={() => {
            setMode(signingUp ? 'sign-in' : 'sign-up');
            setError(null);
          }}
        >
          {signingUp ? t('invite.toSignIn') : t('invite.toSignUp')}
        </button>
      </p>
      {options?.oidc?.clientId && (
        <OidcSignIn onStart={() => session.startOidc(url)} onError={setError} />
      )}
    </section>
  );
}
