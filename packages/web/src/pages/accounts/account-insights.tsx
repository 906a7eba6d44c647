/**
 * An account's insights, in a disclosure closed at first: nothing is asked of Instagram
 * until it is opened. Then the last 7 days (UTC) are read; another range of up to 30 days
 * can be chosen. A table has each day's reach, views and new followers, and the four
 * totals of the range follow. An account connected without the insights permission is
 * told to reconnect, with the button that does it.
 */
import { isReelayError, type GetIntegrationInsightsResponse } from '@reelay/sdk';
import { useRef, useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { formatInZone, personTimeZone, zoneLabel } from '../../components/person-zone';
import { currentLanguage, useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
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

export function AccountInsights({ accountId, name, onReconnect }: AccountInsightsProps) {
  const session = useSessionClient();
  const t = useT();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const [serverProblem, setServerProblem] = useState<{ field: string; text: string } | null>(null);
  const [insights, setInsights] = useState<Insights | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  // Only the latest request's answer is shown, however the answers arrive.
  const latest = useRef(0);
  const base = `insights-${accountId}`;

  async function load(asked: DayRange) {
    const request = ++latest.current;
    setLoading(true);
    setError(null);
    setServerProblem(null);
    try {
      const answer = await session.api.accounts.insights(accountId, asked);
      if (request === latest.current) setInsights(answer.insights);
    } catch (caught) {
      if (request !== latest.current) return;
      const field = errorField(caught);
      if (isReelayError(caught, 'VALIDATION_ERROR') && (field === 'since' || field === 'until')) {
        setServerProblem({ field, text: describeError(caught) });
      } else {
        setInsights(null);
        setError(caught);
      }
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }

  function toggle(event: Event) {
    const nowOpen = (event.currentTarget as HTMLDetailsElement).open;
    setOpen(nowOpen);
    // Read once, when first opened: a closed disclosure costs Instagram nothing.
    if (nowOpen && !insights && !loading && !error) void load(range);
  }

  function submit(event: Event) {
    event.preventDefault();
    const found = checkRange(range);
    setProblem(found);
    if (found) {
      document.getElementById(`${base}-${found.field}`)?.focus();
      return;
    }
    void load(range);
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
              <InsightsError error={error} onReconnect={onReconnect} onRetry={() => load(range)} />
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
