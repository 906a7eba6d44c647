/**
 * The calendar's filters (account, profile, status) and the zone its times are shown in:
 * one compact row on a wide screen; on a phone, folded under a "Filters" button that
 * says how many are on, so the first screen is the agenda.
 */
import type { ComponentChildren } from 'preact';
import { setPersonTimeZone, TimeZoneSelect } from '../../components/person-zone';
import { POST_STATUSES, type PostStatus } from '../../components/post-status';
import { useT } from '../../i18n';
import type { Integration, Profile } from './calendar-data';

/** Without profile, as the list route's `profileId` filter writes it. */
const NO_PROFILE = 'null';

export interface CalendarFiltersProps {
  integrations: readonly Integration[];
  profiles: readonly Profile[];
  accountNames: ReadonlyMap<string, string>;
  accountId: string | undefined;
  profileId: string | undefined;
  status: PostStatus | undefined;
  zone: string;
  /** A phone's screen: the filters fold away. */
  folded: boolean;
  /** A filter changed; undefined shows all. */
  onFilter(changes: {
    account?: string | undefined;
    profile?: string | undefined;
    status?: string | undefined;
  }): void;
}

export function CalendarFilters(props: CalendarFiltersProps) {
  const t = useT();
  const fields = (
    <div class="calendar-filters">
      <label for="calendar-account">
        {t('calendar.account')}
        <select
          id="calendar-account"
          value={props.accountId ?? ''}
          onChange={(event) => props.onFilter({ account: event.currentTarget.value || undefined })}
        >
          <option value="">{t('calendar.allAccounts')}</option>
          {props.integrations.map((account) => (
            <option key={account.id} value={account.id}>
              {props.accountNames.get(account.id)}
            </option>
          ))}
        </select>
      </label>
      <label for="calendar-profile">
        {t('calendar.profile')}
        <select
          id="calendar-profile"
          value={props.profileId ?? ''}
          onChange={(event) => props.onFilter({ profile: event.currentTarget.value || undefined })}
        >
          <option value="">{t('calendar.allProfiles')}</option>
          {props.profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
          <option value={NO_PROFILE}>{t('calendar.noProfile')}</option>
        </select>
      </label>
      <label for="calendar-status">
        {t('calendar.statusFilter')}
        <select
          id="calendar-status"
          value={props.status ?? ''}
          onChange={(event) => props.onFilter({ status: event.currentTarget.value || undefined })}
        >
          <option value="">{t('calendar.allStatuses')}</option>
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`calendar.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <TimeZoneSelect
        id="calendar-zone"
        label={t('calendar.zone')}
        value={props.zone}
        onChange={setPersonTimeZone}
      />
    </div>
  );
  if (!props.folded) return fields;
  const on = [props.accountId, props.profileId, props.status].filter(Boolean).length;
  return <Folded summary={t('calendar.filters', { count: on })}>{fields}</Folded>;
}

function Folded({ summary, children }: { summary: string; children: ComponentChildren }) {
  return (
    <details class="calendar-filters-folded">
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
