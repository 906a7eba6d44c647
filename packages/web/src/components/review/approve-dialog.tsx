/**
 * Approving a post that awaits approval: what will happen (published at its time, or at
 * once when it has none), an optional note for its author (kept with the team's notes),
 * and, when its time passed while it waited, when to publish it instead: now, or at a
 * new time. Should the time pass while the dialog is open, the server's refusal
 * (`APPROVAL_TIME_PASSED`) brings up the same choice.
 */
import { isReelayError, NOTE_MAX_LENGTH, type ApprovePostBody, type Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { describeError } from '../api-error';
import { ModalDialog } from '../modal-dialog';
import { formatInZone, instantInZone, wallClockIn, zoneLabel } from '../person-zone';
import { NewTimeFields, type NewTime } from './new-time-fields';

/** Whether the post's time is gone, or too close to approve without a new one. */
export function timePassed(post: Post, now = Date.now()): boolean {
  return post.scheduledFor !== null && Date.parse(post.scheduledFor) <= now + 60_000;
}

export interface ApproveDialogProps {
  post: Post;
  zone: string;
  busy: boolean;
  error: unknown;
  onApprove(body: ApprovePostBody): void;
  onClose(): void;
}

export function ApproveDialog({ post, zone, busy, error, onApprove, onClose }: ApproveDialogProps) {
  const t = useT();
  const [note, setNote] = useState('');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [time, setTime] = useState<NewTime>(() => ({
    ...wallClockIn(new Date(Date.now() + 60 * 60_000).toISOString(), zone),
    zone,
  }));
  const [timeError, setTimeError] = useState('');
  const passed = timePassed(post) || isReelayError(error, 'APPROVAL_TIME_PASSED');

  function approve() {
    const body: ApprovePostBody = note.trim() ? { note: note.trim() } : {};
    if (passed && when === 'now') body.scheduledFor = 'now';
    if (passed && when === 'later') {
      const at = instantInZone(time.date, time.time, time.zone);
      if (!at) return setTimeError(t('postDetail.invalidTime'));
      Object.assign(body, { scheduledFor: at, timezone: time.zone });
    }
    setTimeError('');
    onApprove(body);
  }

  const at = post.scheduledFor && formatInZone(post.scheduledFor, zone);
  const outcome = passed
    ? t('review.timePassed', { when: at, zone: zoneLabel(zone) })
    : at
      ? t('review.approveScheduled', { when: at, zone: zoneLabel(zone) })
      : t('review.approveNow');
  const footer = (
    <>
      <button type="button" class="secondary" onClick={onClose}>
        {t('review.cancel')}
      </button>
      <button type="button" onClick={approve} aria-busy={busy ? 'true' : undefined} disabled={busy}>
        {t('review.approve')}
      </button>
    </>
  );
  return (
    <ModalDialog title={t('review.approveTitle')} footer={footer} onClose={onClose}>
      <p>{outcome}</p>
      {passed && (
        <fieldset>
          <legend>{t('review.whenLegend')}</legend>
          {(['now', 'later'] as const).map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="approve-when"
                checked={when === choice}
                onChange={() => setWhen(choice)}
              />
              {t(`review.when.${choice}`)}
            </label>
          ))}
          {when === 'later' && (
            <NewTimeFields id="approve-time" value={time} onChange={setTime} error={timeError} />
          )}
        </fieldset>
      )}
      <label for="approve-note">
        {t('review.note')}
        <textarea
          id="approve-note"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={note}
          aria-describedby="approve-note-hint"
          onInput={(event) => setNote(event.currentTarget.value)}
        />
        <small id="approve-note-hint">{t('review.noteHint')}</small>
      </label>
      {error && !isReelayError(error, 'APPROVAL_TIME_PASSED') ? (
        <p role="alert" class="form-error">
          {describeError(error)}
        </p>
      ) : null}
    </ModalDialog>
  );
}
