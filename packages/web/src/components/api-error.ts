/**
 * Turning an API error (the spec's envelope, as the SDK throws it) into words for people,
 * and finding the form field it names (`details.field`).
 */
import { isReelayError } from '@reelay/sdk';
import { i18n, t } from '../i18n';

/** The field an error is about, when the server named one. */
export function errorField(error: unknown): string | null {
  if (!isReelayError(error)) return null;
  const field = error.details?.field;
  return typeof field === 'string' ? field : null;
}

/**
 * A sentence for people: the app's own text for codes it knows, the field's text for a
 * validation error, else the server's message.
 *
 * @example
 * ```ts
 * describeError(error); // 'Wrong e-mail or password.'
 * ```
 */
export function describeError(error: unknown): string {
  if (!isReelayError(error)) return t('app.unexpected');
  const field = errorField(error);
  if (error.code === 'VALIDATION_ERROR' && field && i18n.exists(`errors.fields.${field}`)) {
    return t(`errors.fields.${field}`);
  }
  if (i18n.exists(`errors.${error.code}`)) return t(`errors.${error.code}`);
  return error.message;
}
