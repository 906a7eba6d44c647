/**
 * The posting schedule of an account or a profile: the weekly slots the queue gives out,
 * as a table of times by days of the week, in a named time zone. Closed at first, so
 * nothing is asked of the server until opened; saving replaces the whole schedule. An
 * account without a schedule of its own shows its profile's (and says so): saving there
 * gives the account its own.
 */
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { formatInZone, TimeZoneSelect, usePersonTimeZone } from '../../components/person-zone';
import {
  readSchedule,
  replaceSchedule,
  rowsToSlots,
  slotRows,
  WEEK_DAYS,
  weekDayName,
  type PostingSchedule,
  type PostingSlot,
  type ScheduleOwner,
  type SlotRow,
  type WeekDay,
} from '../../components/posting-slots';
import { currentLanguage, useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import './slots-editor.css';

export interface SlotsEditorProps {
  owner: ScheduleOwner;
  /** Whose schedule, for the labels: `@cafe.aurora`, or the profile's name. */
  name: string;
  /** The name of the account's profile, when it has one. */
  profileName?: string | null;
}

/** A `HH:MM` time typed in a time field (which may add seconds). */
function clockTime(value: string): string | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  return match ? `${match[1]}:${match[2]}` : null;
}

export function SlotsEditor({ owner, name, profileName }: SlotsEditorProps) {
  const api = useApi();
  const t = useT();
  const personZone = usePersonTimeZone();
  const language = currentLanguage();
  const [opened, setOpened] = useState(false);
  const [schedule, setSchedule] = useState<PostingSchedule | null>(null);
  const [rows, setRows] = useState<SlotRow[]>([]);
  const [zone, setZone] = useState(personZone);
  const [newTime, setNewTime] = useState('');
  const [timeError, setTimeError] = useState('');
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState('');
  const base = `slots-${owner.id}`;

  function show(found: PostingSchedule) {
    setSchedule(found);
    setRows(slotRows(found.slots));
    // Without any schedule yet, the person's own zone is the likely one.
    setZone(found.timezone ?? personZone);
  }

  async function load() {
    setLoadError(null);
    try {
      show((await readSchedule(api, owner)).schedule);
    } catch (caught) {
      setLoadError(caught);
    }
  }

  function toggleDay(time: string, day: WeekDay, on: boolean) {
    setRows((current) =>
      current.map((row) => {
        if (row.time !== time) return row;
        const days = new Set(row.days);
        if (on) days.add(day);
        else days.delete(day);
        return { time, days };
      }),
    );
  }

  function addTime() {
    const time = clockTime(newTime);
    if (!time) {
      setTimeError(t('accounts.slots.timeMissing'));
      return;
    }
    if (rows.some((row) => row.time === time)) {
      setTimeError(t('accounts.slots.timeExists', { time }));
      return;
    }
    setTimeError('');
    setNewTime('');
    setRows((current) =>
      [...current, { time, days: new Set(WEEK_DAYS) }].sort((a, b) => a.time.localeCompare(b.time)),
    );
    setNotice(t('accounts.slots.timeAdded', { time }));
  }

  /** Replaces the schedule; no slots give it up (an account then follows its profile's). */
  async function replace(slots: PostingSlot[], done: (saved: PostingSchedule) => string) {
    setSaving(true);
    setSaveError(null);
    setNotice('');
    try {
      const { schedule: saved } = await replaceSchedule(api, owner, { timezone: zone, slots });
      show(saved);
      setNotice(done(saved));
    } catch (caught) {
      setSaveError(caught);
    } finally {
      setSaving(false);
    }
  }

  function save(event: Event) {
    event.preventDefault();
    void replace(rowsToSlots(rows), (saved) =>
      owner.kind === 'account' && saved.source === 'profile'
        ? t('accounts.slots.followingProfile', { name, profile: profileName ?? '' })
        : t('accounts.slots.saved', { count: saved.slots.length, name }),
    );
  }

  let source = '';
  if (schedule) {
    if (owner.kind === 'profile') {
      source =
        schedule.source === 'none'
          ? t('accounts.slots.profileNone')
          : t('accounts.slots.profileOwn');
    } else if (schedule.source === 'profile') {
      source = t('accounts.slots.followsProfile', { profile: profileName ?? '' });
    } else if (schedule.source === 'integration') {
      source = t('accounts.slots.ownSchedule');
    } else {
      source = profileName
        ? t('accounts.slots.noneWithProfile', { profile: profileName })
        : t('accounts.slots.none');
    }
  }
  const count = rowsToSlots(rows).length;

  return (
    <details
      class="slots-editor"
      onToggle={(event) => {
        const open = (event.currentTarget as HTMLDetailsElement).open;
        if (open && !opened) {
          setOpened(true);
          void load();
        }
      }}
    >
      <summary>
        {t('accounts.slots.title')}
        <span class="visually-hidden"> {t('accounts.slots.of', { name })}</span>
      </summary>
      {loadError ? (
        <div role="alert">
          <p class="form-error">
            {t('accounts.slots.loadFailed')} {describeError(loadError)}
          </p>
          <button type="button" class="secondary" onClick={() => void load()}>
            {t('app.retry')}
          </button>
        </div>
      ) : !schedule ? (
        // Read when first opened: a closed editor is not loading anything.
        opened && <p aria-busy="true">{t('app.loading')}</p>
      ) : (
        <form onSubmit={save} noValidate aria-label={t('accounts.slots.formLabel', { name })}>
          <p id={`${base}-source`} class="slots-source">
            {source}
          </p>
          <TimeZoneSelect
            id={`${base}-zone`}
            label={t('accounts.slots.zone')}
            value={zone}
            onChange={setZone}
          />
          {rows.length === 0 ? (
            <p class="empty">{t('accounts.slots.empty')}</p>
          ) : (
            <div class="table-scroll">
              <table class="slots-table">
                <caption>{t('accounts.slots.caption', { name })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('accounts.slots.time')}</th>
                    {WEEK_DAYS.map((day) => (
                      <th key={day} scope="col" abbr={weekDayName(day, language)}>
                        {weekDayName(day, language, 'short')}
                      </th>
                    ))}
                    <th scope="col">
                      <span class="visually-hidden">{t('accounts.slots.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.time}>
                      <th scope="row">{row.time}</th>
                      {WEEK_DAYS.map((day) => (
                        <td key={day}>
                          <input
                            type="checkbox"
                            aria-label={t('accounts.slots.slotLabel', {
                              day: weekDayName(day, language),
                              time: row.time,
                            })}
                            checked={row.days.has(day)}
                            onChange={(event) =>
                              toggleDay(row.time, day, event.currentTarget.checked)
                            }
                          />
                        </td>
                      ))}
                      <td>
                        <button
                          type="button"
                          class="secondary outline"
                          aria-label={t('accounts.slots.removeTime', { time: row.time })}
                          onClick={() => {
                            setRows((current) => current.filter((item) => item.time !== row.time));
                            setNotice(t('accounts.slots.timeRemoved', { time: row.time }));
                          }}
                        >
                          <span aria-hidden="true">✕</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <label for={`${base}-new`}>{t('accounts.slots.newTime')}</label>
          <div class="slots-add">
            <input
              id={`${base}-new`}
              type="time"
              value={newTime}
              aria-invalid={timeError ? 'true' : undefined}
              aria-describedby={timeError ? `${base}-new-error` : `${base}-new-hint`}
              onInput={(event) => setNewTime(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter adds the time instead of saving the whole schedule.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addTime();
                }
              }}
            />
            <button type="button" class="secondary" onClick={addTime}>
              {t('accounts.slots.addTime')}
            </button>
          </div>
          {timeError ? (
            <small id={`${base}-new-error`} class="field-error">
              {timeError}
            </small>
          ) : (
            <small id={`${base}-new-hint`} class="hint">
              {t('accounts.slots.newTimeHint')}
            </small>
          )}
          <p class="slots-count">{t('accounts.slots.count', { count })}</p>
          {saveError ? (
            <p role="alert" class="form-error">
              {describeError(saveError)}
            </p>
          ) : null}
          <p role="status" class="live">
            {notice}
          </p>
          <div class="actions">
            <button type="submit" aria-busy={saving ? 'true' : undefined} disabled={saving}>
              {saving ? t('accounts.slots.saving') : t('accounts.slots.save')}
            </button>
            {owner.kind === 'account' && profileName && schedule.source === 'integration' && (
              <button
                type="button"
                class="secondary outline"
                disabled={saving}
                onClick={() =>
                  void replace([], () =>
                    t('accounts.slots.followingProfile', { name, profile: profileName }),
                  )
                }
              >
                {t('accounts.slots.followProfile')}
              </button>
            )}
          </div>
          {schedule.updatedAt && (
            <small class="hint slots-updated">
              {t('accounts.slots.updatedAt', {
                when: formatInZone(schedule.updatedAt, personZone),
                zone: personZone,
              })}
            </small>
          )}
        </form>
      )}
    </details>
  );
}
