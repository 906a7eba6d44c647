/**
 * A new date and time for a scheduled post, in a time zone the person picks (theirs at
 * first). The time is sent with its offset, and the zone as the post's display zone; a
 * time outside the window (1 minute to 75 days ahead) is refused beside the fields.
 */
import type { Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { instantInZone, TimeZoneSelect, wallClockIn } from '../../components/person-zone';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';

export interface RescheduleFormProps {
  post: Post;
  zone: string;
  onRescheduled(post: Post): void;
}

export function RescheduleForm({ post, zone: personZone, onRescheduled }: RescheduleFormProps) {
  const session = useSessionClient();
  const t = useT();
  const [zone, setZone] = useState(personZone);
  const initial = wallClockIn(post.scheduledFor ?? new Date().toISOString(), personZone);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');

  async function submit(event: Event) {
    event.preventDefault();
    setFieldError('');
    setFormError('');
    const scheduledFor = instantInZone(date, time, zone);
    if (!scheduledFor) {
      setFieldError(t('postDetail.invalidTime'));
      return;
    }
    setBusy(true);
    try {
      const { post: updated } = await session.api.posts.update(post.id, {
        scheduledFor,
        timezone: zone,
      });
      onRescheduled(updated);
    } catch (caught) {
      const field = errorField(caught);
      if (field === 'scheduledFor' || field === 'timezone') setFieldError(describeError(caught));
      else setFormError(describeError(caught));
    } finally {
      setBusy(false);
    }
  }

  const noteId = 'reschedule-time-note';
  return (
    <form class="reschedule-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t('postDetail.rescheduleTitle')}</h3>
      <div class="grid">
        <label for="reschedule-date">
          {t('postDetail.date')}
          <input
            id="reschedule-date"
            type="date"
            required
            value={date}
            aria-invalid={fieldError ? 'true' : undefined}
            aria-describedby={fieldError ? noteId : undefined}
            onInput={(event) => setDate(event.currentTarget.value)}
          />
        </label>
        <label for="reschedule-time">
          {t('postDetail.time')}
          <input
            id="reschedule-time"
            type="time"
            required
            value={time}
            aria-invalid={fieldError ? 'true' : undefined}
            aria-describedby={fieldError ? noteId : undefined}
            onInput={(event) => setTime(event.currentTarget.value)}
          />
        </label>
        <TimeZoneSelect
          id="reschedule-zone"
          label={t('postDetail.zone')}
          value={zone}
          onChange={setZone}
        />
      </div>
      {fieldError && (
        <p id={noteId} class="form-error" role="alert">
          {fieldError}
        </p>
      )}
      {formError && (
        <p class="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
        {busy ? t('postDetail.rescheduling') : t('postDetail.reschedule')}
      </button>
    </form>
  );
}
