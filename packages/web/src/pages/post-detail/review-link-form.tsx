/**
 * Making a review link: how long it works (24 hours, 48 hours, 7 days, or any whole
 * number of hours the server accepts) and, optionally, for whom it is. A refused value
 * shows beside its field; any other failure below the form.
 */
import { isReelayError } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { Field } from '../../components/field';
import { useT } from '../../i18n';

/** The hours a link may work, as the server allows (1 hour to 30 days). */
export const REVIEW_LINK_HOURS = { min: 1, max: 720 } as const;
/** The longest label the server keeps. */
const LABEL_MAX_LENGTH = 100;
const CHOICES = [
  { value: '24', label: 'reviewLinks.postPage.hours24' },
  { value: '48', label: 'reviewLinks.postPage.hours48' },
  { value: '168', label: 'reviewLinks.postPage.days7' },
] as const;

/** Whole hours within the server's range, or null. */
function validHours(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const hours = Number(text);
  return hours >= REVIEW_LINK_HOURS.min && hours <= REVIEW_LINK_HOURS.max ? hours : null;
}

export function ReviewLinkForm({
  onCreate,
}: {
  onCreate(request: { expiresInHours: number; label?: string }): Promise<void>;
}) {
  const t = useT();
  const [choice, setChoice] = useState('48');
  const [hoursText, setHoursText] = useState('72');
  const [sending, setSending] = useState(false);
  const [hoursError, setHoursError] = useState(false);
  const [formError, setFormError] = useState<unknown>(null);
  const custom = choice === 'custom';
  const range = { min: REVIEW_LINK_HOURS.min, max: REVIEW_LINK_HOURS.max };

  const labelRefused =
    isReelayError(formError, 'VALIDATION_ERROR') && errorField(formError) === 'label';
  const hoursRefused =
    hoursError ||
    (isReelayError(formError, 'VALIDATION_ERROR') && errorField(formError) === 'expiresInHours');
  const formMessage = formError && !labelRefused && !hoursRefused ? describeError(formError) : null;

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const hours = custom ? validHours(hoursText) : Number(choice);
    setFormError(null);
    if (hours === null) {
      setHoursError(true);
      form.querySelector<HTMLInputElement>('#review-link-hours')?.focus();
      return;
    }
    setHoursError(false);
    const label = String(new FormData(form).get('label') ?? '').trim();
    setSending(true);
    try {
      await onCreate({ expiresInHours: hours, ...(label ? { label } : {}) });
      form.reset();
    } catch (caught) {
      setFormError(caught);
    } finally {
      setSending(false);
    }
  }

  return (
    <form class="review-link-form" onSubmit={submit} noValidate aria-labelledby="review-link-new">
      <h3 id="review-link-new">{t('reviewLinks.postPage.createTitle')}</h3>
      <div class="review-link-fields">
        <label for="review-link-validity">
          {t('reviewLinks.postPage.validity')}
          <select
            id="review-link-validity"
            value={choice}
            onChange={(event) => {
              setChoice(event.currentTarget.value);
              setHoursError(false);
            }}
          >
            {CHOICES.map((item) => (
              <option key={item.value} value={item.value}>
                {t(item.label)}
              </option>
            ))}
            <option value="custom">{t('reviewLinks.postPage.custom')}</option>
          </select>
        </label>
        {custom && (
          <label for="review-link-hours">
            {t('reviewLinks.postPage.hours')}
            <input
              id="review-link-hours"
              type="number"
              inputMode="numeric"
              min={REVIEW_LINK_HOURS.min}
              max={REVIEW_LINK_HOURS.max}
              step={1}
              value={hoursText}
              aria-invalid={hoursRefused ? 'true' : undefined}
              aria-describedby="review-link-hours-note"
              onInput={(event) => setHoursText(event.currentTarget.value)}
            />
            <small id="review-link-hours-note" class={hoursRefused ? 'field-error' : undefined}>
              {hoursRefused
                ? t('reviewLinks.postPage.hoursInvalid', range)
                : t('reviewLinks.postPage.hoursHint', range)}
            </small>
          </label>
        )}
      </div>
      <Field
        label={t('reviewLinks.postPage.label')}
        name="label"
        id="review-link-label"
        autocomplete="off"
        maxLength={LABEL_MAX_LENGTH}
        hint={t('reviewLinks.postPage.labelHint')}
        error={labelRefused ? describeError(formError) : null}
      />
      {formMessage && (
        <p role="alert" class="form-error">
          {formMessage}
        </p>
      )}
      <button type="submit" aria-busy={sending ? 'true' : undefined} disabled={sending}>
        {sending ? t('reviewLinks.postPage.creating') : t('reviewLinks.postPage.create')}
      </button>
    </form>
  );
}
