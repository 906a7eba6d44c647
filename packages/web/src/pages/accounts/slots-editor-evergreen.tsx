/**
 * The evergreen switch of a posting schedule: whether empty slots take published posts
 * marked evergreen again, and how many days at least between two outings of one post.
 * The bounds come from the SDK (core's), the same the server checks; the days are checked
 * in `evergreen-days.ts`.
 */
import { EVERGREEN_MIN_DAYS_BETWEEN_MAX, EVERGREEN_MIN_DAYS_BETWEEN_MIN } from '@reelay/sdk';
import { useT } from '../../i18n';
import type { EvergreenDraft } from './evergreen-days';

export interface EvergreenFieldsProps {
  base: string;
  value: EvergreenDraft;
  onChange(value: EvergreenDraft): void;
  /** Shown under the days when a save found them wrong. */
  invalid: boolean;
}

export function EvergreenFields({ base, value, onChange, invalid }: EvergreenFieldsProps) {
  const t = useT();
  const bounds = { min: EVERGREEN_MIN_DAYS_BETWEEN_MIN, max: EVERGREEN_MIN_DAYS_BETWEEN_MAX };
  const hint = `${base}-evergreen-hint`;
  const error = `${base}-evergreen-error`;
  return (
    <fieldset class="slots-evergreen">
      <legend>{t('evergreen.legend')}</legend>
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={value.enabled}
          aria-describedby={`${base}-evergreen-help`}
          onChange={(event) => onChange({ ...value, enabled: event.currentTarget.checked })}
        />
        {t('evergreen.enabled')}
      </label>
      <small id={`${base}-evergreen-help`} class="hint">
        {t('evergreen.help')}
      </small>
      {value.enabled && (
        <>
          <label for={`${base}-evergreen-days`}>{t('evergreen.minDays')}</label>
          <input
            id={`${base}-evergreen-days`}
            type="number"
            inputMode="numeric"
            min={bounds.min}
            max={bounds.max}
            step={1}
            value={value.minDays}
            aria-invalid={invalid ? 'true' : undefined}
            aria-describedby={invalid ? `${hint} ${error}` : hint}
            onInput={(event) => onChange({ ...value, minDays: event.currentTarget.value })}
          />
          <small id={hint} class="hint">
            {t('evergreen.minDaysHint', bounds)}
          </small>
          {invalid && (
            <p id={error} class="form-error">
              {t('evergreen.minDaysInvalid', bounds)}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
