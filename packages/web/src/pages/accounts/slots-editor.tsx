/**
 * The posting schedule of an account or a profile: the weekly slots the queue gives out,
 * as a table of times by days of the week, in a named time zone. Closed at first, so
 * nothing is asked of the server until opened; saving replaces the whole schedule. An
 * account without a schedule of its own shows its profile's (and says so): saving there
 * gives the account its own. An open editor takes the whole width of the page (its card
 * spans the accounts grid), and on a narrow screen lists days instead of a table, so
 * nothing scrolls sideways. An account's editor also suggests times (see
 * `slots-editor-suggestions.tsx`); the evergreen switch is saved with the slots.
 */
import type { EvergreenSettings } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useLoad } from '../../components/use-load';
import { describeError } from '../../components/api-error';
import { formatInZone, TimeZoneSelect, usePersonTimeZone } from '../../components/person-zone';
import {
  readSchedule,
  replaceSchedule,
  rowsToSlots,
  slotRows,
  WEEK_DAYS,
  type PostingSchedule,
  type PostingSlot,
  type ScheduleOwner,
  type SlotRow,
  type WeekDay,
} from '../../components/posting-slots';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { SlotsDays, useNarrowScreen } from './slots-editor-days';
import { evergreenDraft, evergreenSettings, type EvergreenDraft } from './evergreen-days';
import { EvergreenFields } from './slots-editor-evergreen';
import { SlotSuggestions } from './slots-editor-suggestions';
import { NewTimeField, SlotsTable } from './slots-table';
import './slots-editor.css';

export interface SlotsEditorProps {
  owner: ScheduleOwner;
  /** Whose schedule, for the labels: `@cafe.aurora`, or the profile's name. */
  name: string;
  /** The name of the account's profile, when it has one. */
  profileName?: string | null;
}

export function SlotsEditor(props: SlotsEditorProps) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  return (
    <details
      class="slots-editor"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) setOpened(true);
      }}
    >
      <summary>
        {t('accounts.slots.title')}
        <span class="visually-hidden"> {t('accounts.slots.of', { name: props.name })}</span>
      </summary>
      {/* Read when first opened: a closed editor is not loading anything. */}
      {opened && <LoadedSlots {...props} />}
    </details>
  );
}

function LoadedSlots(props: SlotsEditorProps) {
  const t = useT();
  const api = useApi();
  const { owner } = props;
  const load = useLoad(
    async () => (await readSchedule(api, owner)).schedule,
    [owner.kind, owner.id],
  );
  if (load.error) {
    return (
      <div role="alert">
        <p class="form-error">
          {t('accounts.slots.loadFailed')} {describeError(load.error)}
        </p>
        <button type="button" class="secondary" onClick={() => void load.retry()}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (!load.data) return <p aria-busy="true">{t('app.loading')}</p>;
  return <SlotsForm {...props} initial={load.data} />;
}

/** Where the schedule shown comes from, in words. */
function sourceText(
  t: ReturnType<typeof useT>,
  owner: ScheduleOwner,
  schedule: PostingSchedule,
  profileName: string | null | undefined,
): string {
  if (owner.kind === 'profile') {
    return schedule.source === 'none'
      ? t('accounts.slots.profileNone')
      : t('accounts.slots.profileOwn');
  }
  if (schedule.source === 'profile') {
    return t('accounts.slots.followsProfile', { profile: profileName ?? '' });
  }
  if (schedule.source === 'integration') return t('accounts.slots.ownSchedule');
  return profileName
    ? t('accounts.slots.noneWithProfile', { profile: profileName })
    : t('accounts.slots.none');
}

function SlotsForm({
  owner,
  name,
  profileName,
  initial,
}: SlotsEditorProps & { initial: PostingSchedule }) {
  const t = useT();
  const api = useApi();
  const personZone = usePersonTimeZone();
  const [schedule, setSchedule] = useState(initial);
  const [rows, setRows] = useState<SlotRow[]>(() => slotRows(initial.slots));
  // Without any schedule yet, the person's own zone is the likely one.
  const [zone, setZone] = useState(initial.timezone ?? personZone);
  const [evergreen, setEvergreen] = useState<EvergreenDraft>(() =>
    evergreenDraft(initial.evergreen),
  );
  const [evergreenInvalid, setEvergreenInvalid] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState('');
  const base = `slots-${owner.id}`;
  const narrow = useNarrowScreen();

  function show(found: PostingSchedule) {
    setSchedule(found);
    setRows(slotRows(found.slots));
    setZone(found.timezone ?? personZone);
    setEvergreen(evergreenDraft(found.evergreen));
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

  /** Adds a time on every day; answers why not, or '' once added. */
  function addTime(time: string): string {
    if (rows.some((row) => row.time === time)) return t('accounts.slots.timeExists', { time });
    setRows((current) =>
      [...current, { time, days: new Set(WEEK_DAYS) }].sort((a, b) => a.time.localeCompare(b.time)),
    );
    setNotice(t('accounts.slots.timeAdded', { time }));
    return '';
  }

  /** Puts suggested times in place of the rows, in their zone; saving keeps them. */
  function applySuggested(slots: PostingSlot[], timezone: string) {
    setRows(slotRows(slots));
    setZone(timezone);
    setNotice(t('grid.suggest.used', { count: slots.length }));
  }

  /** Replaces the schedule; no slots give it up (an account then follows its profile's). */
  async function replace(
    slots: PostingSlot[],
    done: (saved: PostingSchedule) => string,
    recycling?: EvergreenSettings,
  ) {
    setSaving(true);
    setSaveError(null);
    setNotice('');
    try {
      const { schedule: saved } = await replaceSchedule(api, owner, {
        timezone: zone,
        slots,
        ...(recycling && { evergreen: recycling }),
      });
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
    // Days left wrong while recycling is off are not sent: the stored ones stay.
    const recycling =
      evergreenSettings(evergreen) ??
      (evergreen.enabled ? null : { ...schedule.evergreen, enabled: false });
    setEvergreenInvalid(recycling === null);
    if (recycling === null) return;
    void replace(
      rowsToSlots(rows),
      (saved) =>
        owner.kind === 'account' && saved.source === 'profile'
          ? t('accounts.slots.followingProfile', { name, profile: profileName ?? '' })
          : t('accounts.slots.saved', { count: saved.slots.length, name }),
      recycling,
    );
  }

  const source = sourceText(t, owner, schedule, profileName);
  const count = rowsToSlots(rows).length;
  // Seven day columns do not fit a narrow screen: it lists days instead.
  const Layout = narrow ? SlotsDays : SlotsTable;

  return (
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
      {owner.kind === 'account' && (
        <SlotSuggestions accountId={owner.id} name={name} zone={zone} onUse={applySuggested} />
      )}
      {rows.length === 0 ? (
        <p class="empty">{t('accounts.slots.empty')}</p>
      ) : (
        <Layout
          rows={rows}
          name={name}
          onToggle={toggleDay}
          onRemove={(time) => {
            setRows((current) => current.filter((item) => item.time !== time));
            setNotice(t('accounts.slots.timeRemoved', { time }));
          }}
        />
      )}
      <NewTimeField base={base} onAdd={addTime} />
      <p class="slots-count">{t('accounts.slots.count', { count })}</p>
      <EvergreenFields
        base={base}
        value={evergreen}
        onChange={setEvergreen}
        invalid={evergreenInvalid}
      />
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
  );
}
