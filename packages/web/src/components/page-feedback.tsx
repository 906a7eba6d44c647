/**
 * What a list page says about itself: a list that could not be read (with a retry), and
 * the outcome of the last action (a polite announcement, or an alert when it failed).
 */
import { useState } from 'preact/hooks';
import { useT } from '../i18n';
import { describeError } from './api-error';

/** The list could not be read: the reason in words and a retry. */
export function LoadFailed(props: { message: string; error: unknown; onRetry(): void }) {
  const t = useT();
  return (
    <div role="alert">
      <p>
        {props.message} {describeError(props.error)}
      </p>
      <button type="button" onClick={props.onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

/** The last action's outcome; the status region stays mounted so announcements are read. */
export function ActionFeedback(props: { notice: string; actionError: string }) {
  return (
    <>
      <p role="status" class="live">
        {props.notice}
      </p>
      {props.actionError && (
        <p role="alert" class="form-error">
          {props.actionError}
        </p>
      )}
    </>
  );
}

/**
 * The state behind {@link ActionFeedback}: `say()` announces an outcome and `fail()` shows
 * a failure in words; each clears the other, so the page never says both at once.
 *
 * @example
 * ```ts
 * const feedback = useActionFeedback();
 * feedback.say(t('apiKeys.revoked', { name }));
 * ```
 */
export function useActionFeedback() {
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  return {
    notice,
    actionError,
    /** Changes the announcement only (a failure shown stays). */
    setNotice,
    say(text: string) {
      setActionError('');
      setNotice(text);
    },
    fail(caught: unknown) {
      setNotice('');
      setActionError(describeError(caught));
    },
    /** Shows a failure the page words itself (when the API's own words would say less). */
    failWith(text: string) {
      setNotice('');
      setActionError(text);
    },
  };
}

export type Feedback = ReturnType<typeof useActionFeedback>;
