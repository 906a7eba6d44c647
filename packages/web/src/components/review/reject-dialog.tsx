/**
 * Rejecting a post that awaits approval: the reason is required, since it is what its
 * author reads on the draft the post becomes again (and in its activity).
 */
import { NOTE_MAX_LENGTH } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { describeError } from '../api-error';
import { ModalDialog } from '../modal-dialog';

export interface RejectDialogProps {
  busy: boolean;
  error: unknown;
  onReject(reason: string): void;
  onClose(): void;
}

export function RejectDialog({ busy, error, onReject, onClose }: RejectDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function reject() {
    if (!reason.trim()) return setMissing(true);
    setMissing(false);
    onReject(reason.trim());
  }

  const footer = (
    <>
      <button type="button" class="secondary" onClick={onClose}>
        {t('review.cancel')}
      </button>
      <button
        type="button"
        class="danger"
        onClick={reject}
        aria-busy={busy ? 'true' : undefined}
        disabled={busy}
      >
        {t('review.reject')}
      </button>
    </>
  );
  return (
    <ModalDialog title={t('review.rejectTitle')} footer={footer} onClose={onClose}>
      <p>{t('review.rejectIntro')}</p>
      <label for="reject-reason">
        {t('review.reason')}
        <textarea
          id="reject-reason"
          rows={3}
          required
          maxLength={NOTE_MAX_LENGTH}
          value={reason}
          aria-invalid={missing ? 'true' : undefined}
          aria-describedby="reject-reason-note"
          onInput={(event) => setReason(event.currentTarget.value)}
        />
        <small id="reject-reason-note" class={missing ? 'field-error' : undefined}>
          {missing ? t('review.reasonMissing') : t('review.reasonHint')}
        </small>
      </label>
      {error ? (
        <p role="alert" class="form-error">
          {describeError(error)}
        </p>
      ) : null}
    </ModalDialog>
  );
}
