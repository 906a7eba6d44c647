/**
 * What the connection flow ended in, as the server's callback reports it in the query of
 * the page it sends the browser back to: `integrationId` (the first account connected),
 * `status=connected`, `count` (how many were connected: Facebook Login connects the
 * account of each chosen Page) and `refused` (how many of those accounts were left out),
 * or `error` (a code) and `message`.
 */
import { useT } from '../../i18n';
import type { LoginMode } from './connect-button';
import type { Integration } from './use-accounts-data';

export type ConnectOutcome =
  | { kind: 'connected'; integrationId: string; count: number; refused: number }
  | { kind: 'refused'; code: string; message: string; login: LoginMode | null };

/** A count from the query; `fallback` when absent or not a count. */
function countOf(value: string | undefined, fallback: number): number {
  return value && /^\d{1,6}$/.test(value) ? Number(value) : fallback;
}

/**
 * The outcome in a query, if the page was opened by the callback. `login` is the login
 * the connection was started with: the query gives the error's code only, and a code
 * means something else through a Facebook Page than through Instagram.
 */
export function outcomeOf(
  query: Record<string, string>,
  login: LoginMode | null = null,
): ConnectOutcome | null {
  if (query.integrationId && query.status === 'connected') {
    return {
      kind: 'connected',
      integrationId: query.integrationId,
      count: countOf(query.count, 1),
      refused: countOf(query.refused, 0),
    };
  }
  if (query.error) {
    return { kind: 'refused', code: query.error, message: query.message ?? '', login };
  }
  return null;
}

/** The notice's element id: the page brings it into view once the accounts are shown. */
export const OUTCOME_NOTICE_ID = 'connect-outcome';

const STARTED_LOGIN = 'reelay.connectLogin';

/** Remembers, for this tab, the login a connection leaves the app with. */
export function rememberLogin(login: LoginMode): void {
  try {
    sessionStorage.setItem(STARTED_LOGIN, login);
  } catch {
    // storage disabled: a refusal is then explained as for Instagram Login
  }
}

/** The login the last connection of this tab started with, and forgets it. */
export function takeStartedLogin(): LoginMode | null {
  try {
    const login = sessionStorage.getItem(STARTED_LOGIN);
    sessionStorage.removeItem(STARTED_LOGIN);
    return login === 'instagram' || login === 'facebook' ? login : null;
  } catch {
    return null;
  }
}

const EXPLAINED = [
  'AUTHORIZATION_DENIED',
  'ACCOUNT_NOT_BUSINESS',
  'ACCOUNT_IN_USE',
  'STATE_INVALID',
];

/**
 * Through Facebook Login these codes have one cause each: no chosen Page has a linked
 * professional account (`no_linked_account`), the person's role on the Page cannot
 * publish (`page_task_missing`), the person cancelled on Facebook.
 */
const FACEBOOK_EXPLAINED = {
  ACCOUNT_NOT_BUSINESS: 'accounts.outcome.noLinkedAccount',
  PERMISSION_REQUIRED: 'accounts.outcome.pageTaskMissing',
  AUTHORIZATION_DENIED: 'accounts.outcome.facebookDenied',
} as const;

export function ConnectOutcomeNotice({
  outcome,
  integrations,
  onDismiss,
}: {
  outcome: ConnectOutcome;
  integrations: readonly Integration[];
  onDismiss(): void;
}) {
  const t = useT();
  if (outcome.kind === 'connected') {
    const name = integrations.find((item) => item.id === outcome.integrationId)?.displayName;
    return (
      <div id={OUTCOME_NOTICE_ID} class="notice success" role="status" tabIndex={-1}>
        <p>
          {outcome.count > 1
            ? t('accounts.outcome.connectedCount', { count: outcome.count })
            : name
              ? t('connectOutcome.connected', { name })
              : t('connectOutcome.connectedUnnamed')}
        </p>
        {outcome.refused > 0 && (
          <>
            <p>{t('accounts.outcome.refusedCount', { count: outcome.refused })}</p>
            <ul>
              <li>{t('connectOutcome.ACCOUNT_IN_USE')}</li>
              <li>{t('accounts.outcome.pageTaskMissing')}</li>
            </ul>
          </>
        )}
        <button type="button" class="secondary outline" onClick={onDismiss}>
          {t('connectOutcome.dismiss')}
        </button>
      </div>
    );
  }
  const facebookKey =
    outcome.login === 'facebook' && outcome.code in FACEBOOK_EXPLAINED
      ? FACEBOOK_EXPLAINED[outcome.code as keyof typeof FACEBOOK_EXPLAINED]
      : null;
  const text = facebookKey
    ? t(facebookKey)
    : EXPLAINED.includes(outcome.code)
      ? t(`connectOutcome.${outcome.code}`)
      : t('connectOutcome.other', { code: outcome.code, message: outcome.message });
  return (
    <div id={OUTCOME_NOTICE_ID} class="notice refused" role="alert" tabIndex={-1}>
      <h2>{t('connectOutcome.refusedTitle')}</h2>
      <p>{text}</p>
      <button type="button" class="secondary outline" onClick={onDismiss}>
        {t('connectOutcome.dismiss')}
      </button>
    </div>
  );
}
