/**
 * An account's insights, in a disclosure closed at first: nothing is asked of Instagram
 * until it is opened. Then the last 7 days (UTC) are read; another range of up to 30 days
 * can be chosen. A table has each day's reach, views and new followers, and the four
 * totals of the range follow. An account connected without the insights permission is
 * told to reconnect, with the button that does it.
 */
import { isReelayError, type GetIntegrationInsightsResponse } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { formatInZone, personTimeZone, zoneLabel } from '../../components/person-zone';
import { currentLanguage, useT } from '../../i18n';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';
import {
  checkRange,
  defaultRange,
  INSIGHTS_MAX_DAYS,
  utcDay,
  type DayRange,
  type RangeProblem,
} from './insights-range';
import './account-insights.css';

type Insights = GetIntegrationInsightsResponse['insights'];

export interface AccountInsightsProps {
  accountId: string;
  /** The account's name (without `@`), for texts that tell one account's insights from another's. */
  name: string;
  onReconnect(): void;
}

/** Codes a new authorization fixes: the person is offered to reconnect. */
const RECONNECT_CODES = new Set(['PERMISSION_REQUIRED', 'TOKEN_INVALID']);

/**
 * The insights of the range last asked for, read only once one is asked (the disclosure
 * opened, or the form sent). A refused day (`since`, `until`) is told beside its field and
 * keeps the last insights shown; any other failure replaces them.
 */
function useAccountInsights(accountId: string) {
  const api = useApi();
  // A new object for every request, so asking for the same range again reads again.
  const [asked, setAsked] = useState<DayRange | null>(null);
  const load = useLoad(
    async (signal): Promise<Insights | null> =>
      asked ? (await api.accounts.insights(accountId, asked, { signal })).insights : null,
    [accountId, asked],
  );
  // While a read runs, the last failure is not shown: the page says it is loading.
  const failure = load.loading ? null : load.error;
  const field = errorField(failure);
  const refusedDay =
    isReelayError(failure, 'VALIDATION_ERROR') && (field === 'since' || field === 'until');
  return {
    asked: asked !== null,
    ask: (range: DayRange) => setAsked({ ...range }),
    insights: load.data,
    loading: load.loading,
    error: refusedDay ? null : failure,
    serverProblem: refusedDay ? { field, text: describeError(failure) } : null,
  };
}

export function AccountInsights({ accountId, name, onReconnect }: AccountInsightsProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const { asked, ask, insights, loading, error, serverProblem } = useAccountInsights(accountId);
  const base = `insights-${accountId}`;

  function toggle(event: Event) {
    const nowOpen = (event.currentTarget as HTMLDetailsElement).open;
    setOpen(nowOpen);
    // Read once, when first opened: a closed disclosure costs Instagram nothing.
    if (nowOpen && !asked) ask(range);
  }

  function submit(event: Event) {
    event.preventDefault();
    const found = checkRange(range);
    setProblem(found);
    if (found) {
      document.getElementById(`${base}-${found.field}`)?.focus();
      return;
    }
    ask(range);
  }

  const today = utcDay();
  const fieldError = (field: 'since' | 'until') =>
    problem?.field === field
      ? t(`accounts.insights.range.${problem.key}`, { max: INSIGHTS_MAX_DAYS })
      : serverProblem?.field === field
        ? serverProblem.text
        : null;

  function dayInput(field: 'since' | 'until') {
    const inputId = `${base}-${field}`;
    const text = fieldError(field);
    return (
      <label for={inputId}>
        {t(`accounts.insights.${field}`)}
        <input
          id={inputId}
          type="date"
          value={range[field]}
          max={today}
          aria-invalid={text ? 'true' : undefined}
          aria-describedby={text ? `${inputId}-error` : `${base}-range-hint`}
          onInput={(event) => {
            setRange({ ...range, [field]: event.currentTarget.value });
            setProblem(null);
          }}
        />
        {text && (
          <small id={`${inputId}-error`} class="field-error">
            {text}
          </small>
        )}
      </label>
    );
  }

  return (
    <details class="account-insights" onToggle={toggle}>
      <summary>
        {t('accounts.insights.summary')}{' '}
        <span class="visually-hidden">{t('accounts.insights.summaryOf', { name })}</span>
      </summary>
      {open && (
        <>
          <form class="insights-range" onSubmit={submit} noValidate>
            <p id={`${base}-range-hint`} class="hint">
              {t('accounts.insights.rangeHint', { max: INSIGHTS_MAX_DAYS })}
            </p>
            <div class="insights-range-fields">
              {dayInput('since')}
              {dayInput('until')}
              <button type="submit" class="secondary" disabled={loading}>
                {t('accounts.insights.show')}
              </button>
            </div>
          </form>
          <p role="status" class="live">
            {!loading && error === null && insights
              ? t('accounts.insights.loaded', { count: insights.days.length })
              : ''}
          </p>
          <div aria-busy={loading ? 'true' : undefined}>
            {loading && <p aria-busy="true">{t('app.loading')}</p>}
            {!loading && error !== null && (
              <InsightsError error={error} onReconnect={onReconnect} onRetry={() => ask(range)} />
            )}
            {!loading && error === null && insights && (
              <InsightsTables insights={insights} name={name} />
            )}
          </div>
        </>
      )}
    </details>
  );
}

function InsightsError(props: { error: unknown; onReconnect(): void; onRetry(): void }) {
  const t = useT();
  const code = isReelayError(props.error) ? props.error.code : null;
  if (code && RECONNECT_CODES.has(code)) {
    return (
      <div role="alert" class="insights-problem">
        <p>
          {code === 'PERMISSION_REQUIRED'
            ? t('accounts.insights.permissionRequired')
            : t('accounts.insights.tokenInvalid')}
        </p>
        <button type="button" onClick={props.onReconnect}>
          {t('accounts.insights.reconnect')}
        </button>
      </div>
    );
  }
  return (
    <div role="alert" class="insights-problem">
      <p>
        {t('accounts.insights.loadFailed')} {describeError(props.error)}
      </p>
      <button type="button" class="secondary" onClick={props.onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

/** A count, or a dash that screen readers read as "no data". */
function Count({ value, signed = false }: { value: number | null; signed?: boolean }) {
  const t = useT();
  if (value === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span class="visually-hidden">{t('accounts.insights.noData')}</span>
      </>
    );
  }
  const format = new Intl.NumberFormat(
    currentLanguage(),
    signed ? { signDisplay: 'exceptZero' } : {},
  );
  return <>{format.format(value)}</>;
}

function InsightsTables({ insights, name }: { insights: Insights; name: string }) {
  const t = useT();
  const dayFormat = new Intl.DateTimeFormat(currentLanguage(), {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const dayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const zone = personTimeZone();
  const totals: Array<[string, number | null]> = [
    ['reach', insights.totals.reach],
    ['views', insights.totals.views],
    ['profileViews', insights.totals.profileViews],
    ['accountsEngaged', insights.totals.accountsEngaged],
  ];
  return (
    <div class="insights-result">
      {insights.reason === 'not_enough_viewers' && (
        <p class="hint">{t('accounts.insights.notEnoughViewers')}</p>
      )}
      <table class="insights-days">
        <caption>
          {t('accounts.insights.caption', {
            name,
            since: dayText(insights.since),
            until: dayText(insights.until),
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('accounts.insights.day')}</th>
            <th scope="col">{t('accounts.insights.reach')}</th>
            <th scope="col">{t('accounts.insights.views')}</th>
            <th scope="col">{t('accounts.insights.followers')}</th>
          </tr>
        </thead>
        <tbody>
          {insights.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">
                <time dateTime={day.date}>{dayText(day.date)}</time>
              </th>
              <td>
                <Count value={day.reach} />
              </td>
              <td>
                <Count value={day.views} />
              </td>
              <td>
                <Count value={day.followerCount} signed />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>{t('accounts.insights.totalsTitle')}</h4>
      <dl class="insights-totals">
        {totals.map(([key, value]) => (
          <div key={key} data-total={key}>
            <dt>{t(`accounts.insights.totals.${key}`)}</dt>
            <dd>
              <Count value={value} />
            </dd>
          </div>
        ))}
      </dl>
      <p class="hint">
        {t('accounts.insights.followersHint')}{' '}
        {t('accounts.insights.fetchedAt', {
          when: formatInZone(insights.fetchedAt, zone),
          zone: zoneLabel(zone),
        })}
      </p>
    </div>
  );
}
