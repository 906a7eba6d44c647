/**
 * What a list page says about itself: a list that could not be read (with a retry), and
 * the outcome of the last action (a polite announcement, or an alert when it failed).
 */
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
