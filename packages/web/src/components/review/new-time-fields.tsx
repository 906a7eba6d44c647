/**
 * A new date and time in a time zone the person picks (theirs at first), as approving a
 * post whose time passed asks for. The fields are the post page's reschedule fields.
 */
import { TimeZoneSelect } from '../person-zone';
import { useT } from '../../i18n';

export interface NewTime {
  date: string;
  time: string;
  zone: string;
}

export interface NewTimeFieldsProps {
  /** Prefix of the fields' ids, unique on the page. */
  id: string;
  value: NewTime;
  onChange(value: NewTime): void;
  /** Why the time was refused; shown under the fields and tied to them. */
  error: string;
}

export function NewTimeFields({ id, value, onChange, error }: NewTimeFieldsProps) {
  const t = useT();
  const noteId = `${id}-note`;
  const invalid = error
    ? { 'aria-invalid': 'true' as const, 'aria-describedby': noteId }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
  return (
    <>
      <div class="grid">
        <label for={`${id}-date`}>
          {t('postDetail.date')}
          <input
            id={`${id}-date`}
            type="date"
            required
            value={value.date}
            {...invalid}
            onInput={(event) => onChange({ ...value, date: event.currentTarget.value })}
          />
        </label>
        <label for={`${id}-time`}>
          {t('postDetail.time')}
          <input
            id={`${id}-time`}
            type="time"
            required
            value={value.time}
            {...invalid}
            onInput={(event) => onChange({ ...value, time: event.currentTarget.value })}
          />
        </label>
      </div>
      <TimeZoneSelect
        id={`${id}-zone`}
        label={t('postDetail.zone')}
        value={value.zone}
        onChange={(zone) => onChange({ ...value, zone })}
      />
      {error && (
        <p id={noteId} class="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
