/**
 * The evergreen setting of a posting schedule as its form holds it (the days as typed),
 * and the settings a save sends, within core's bounds.
 */
import {
  EVERGREEN_MIN_DAYS_BETWEEN_MAX,
  EVERGREEN_MIN_DAYS_BETWEEN_MIN,
  type EvergreenSettings,
} from '@reelay/sdk';

/** The form's state: the days as typed, checked on save. */
export interface EvergreenDraft {
  enabled: boolean;
  minDays: string;
}

export function evergreenDraft(settings: EvergreenSettings): EvergreenDraft {
  return { enabled: settings.enabled, minDays: String(settings.minDaysBetween) };
}

/**
 * The settings to send, or null when the days are not a whole number within the bounds.
 *
 * @example
 * ```ts
 * evergreenSettings({ enabled: true, minDays: '30' }); // { enabled: true, minDaysBetween: 30 }
 * evergreenSettings({ enabled: true, minDays: '0' }); // null
 * ```
 */
export function evergreenSettings(draft: EvergreenDraft): EvergreenSettings | null {
  const days = Number(draft.minDays.trim());
  const valid =
    /^\d+$/.test(draft.minDays.trim()) &&
    days >= EVERGREEN_MIN_DAYS_BETWEEN_MIN &&
    days <= EVERGREEN_MIN_DAYS_BETWEEN_MAX;
  return valid ? { enabled: draft.enabled, minDaysBetween: days } : null;
}
