/**
 * The fields of a sign-in or sign-up form: the name (signing up only), the e-mail and the
 * password, the form's message when no field holds it, and the submit button. One set
 * for the sign-in page and the invitation page, so both ask the same way.
 */
import { useT } from '../i18n';
import { Field } from './field';

export interface CredentialsFieldsProps {
  signingUp: boolean;
  busy: boolean;
  /** The error to show under a field, by the field's name; null for none. */
  fieldError(name: 'name' | 'email' | 'password'): string | null;
  /** The form's message when it belongs to no field; null for none. */
  formMessage: string | null;
  /** What the button says while not busy. */
  submitLabel: string;
  /** Prefix of the inputs' ids, when a page has more than one such form. */
  idPrefix?: string | undefined;
  /** A hint under the e-mail (the invitation's address, for instance). */
  emailHint?: string | undefined;
  /** The e-mail to start with (the invited address). */
  defaultEmail?: string | undefined;
}

/**
 * @example
 * ```tsx
 * <CredentialsFields signingUp={false} busy={false} fieldError={() => null} formMessage={null} submitLabel="Entrar" />
 * ```
 */
export function CredentialsFields(props: CredentialsFieldsProps) {
  const t = useT();
  const { signingUp, busy, fieldError, idPrefix } = props;
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : undefined);
  return (
    <>
      {signingUp && (
        <Field
          label={t('signUp.name')}
          name="name"
          id={id('name')}
          autocomplete="name"
          maxLength={120}
          error={fieldError('name')}
        />
      )}
      <Field
        label={t('signIn.email')}
        name="email"
        id={id('email')}
        type="email"
        autocomplete="email"
        required
        defaultValue={props.defaultEmail}
        hint={props.emailHint}
        error={fieldError('email')}
      />
      <Field
        label={t('signIn.password')}
        name="password"
        id={id('password')}
        type="password"
        autocomplete={signingUp ? 'new-password' : 'current-password'}
        required
        minLength={signingUp ? 8 : undefined}
        hint={signingUp ? t('signUp.passwordHint') : undefined}
        error={fieldError('password')}
      />
      {props.formMessage && (
        <p role="alert" class="form-error">
          {props.formMessage}
        </p>
      )}
      <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
        {busy ? t(signingUp ? 'signUp.submitting' : 'signIn.submitting') : props.submitLabel}
      </button>
    </>
  );
}

/**
 * "Or sign in with the organization's login": the OpenID Connect way in, under a form.
 *
 * @example
 * ```tsx
 * {options?.oidc?.clientId && <OidcSignIn onStart={() => session.startOidc(url)} onError={setError} />}
 * ```
 */
export function OidcSignIn(props: { onStart(): Promise<void>; onError(error: unknown): void }) {
  const t = useT();
  return (
    <>
      <p class="divider">{t('signIn.or')}</p>
      <button
        type="button"
        class="secondary"
        onClick={() => void props.onStart().catch((caught: unknown) => props.onError(caught))}
      >
        {t('signIn.oidc')}
      </button>
    </>
  );
}
