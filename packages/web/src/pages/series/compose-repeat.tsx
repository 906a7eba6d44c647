/**
 * The composer's "Repeat" part, under the chosen date and time: the control, then the
 * next occurrences the choice gives, in the series' zone, the person's and those of the
 * accounts' posting schedules.
 */
import { zonedTime } from '../compose/time-zone';
import type { ErrorOf } from '../compose/field-note';
import { OccurrencePreview } from './occurrence-preview';
import { useAccountZones } from './use-account-zones';
import { RepeatControl } from './repeat-control';
import { buildRrule, problemControl, repeatProblem, type RepeatDraft } from './repeat-rule';

export interface ComposeRepeatProps {
  value: RepeatDraft;
  /** The first post's day, time and zone, as the schedule holds them. */
  schedule: { date: string; time: string; timeZone: string };
  personZone: string;
  /** The post's accounts: their posting schedules' zones are shown too. */
  accounts: ReadonlyArray<{ id: string; name: string }>;
  errorOf: ErrorOf;
  onChange(change: Partial<RepeatDraft>): void;
}

export function ComposeRepeat(props: ComposeRepeatProps) {
  const { date, time, timeZone } = props.schedule;
  const start = zonedTime(date, time, timeZone);
  const rrule = buildRrule(props.value, date);
  const accountZones = useAccountZones(props.value.frequency === 'none' ? [] : props.accounts);
  // The form's own problem names its control; the rest is about the rule as a whole.
  const errorAt = problemControl(repeatProblem(props.value, date)?.key);
  return (
    <>
      <RepeatControl
        id="compose-repeat"
        field="recurrence"
        value={props.value}
        startDate={date}
        error={props.errorOf('recurrence')}
        errorAt={errorAt}
        onChange={props.onChange}
      />
      {rrule && start && (
        <OccurrencePreview
          rrule={rrule}
          start={start.instant}
          seriesZone={timeZone}
          personZone={props.personZone}
          accountZones={accountZones}
        />
      )}
    </>
  );
}
