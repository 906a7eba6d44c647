/**
 * `reelay accounts connect|list|health|disconnect`: Instagram professional accounts.
 * Accounts can be named by id (`int_…`) or by username wherever one is expected.
 */
import type { LoginMode, SortOrder } from '@reelay/core';
import type { ConnectedAccount, ConnectionHealth, Reelay } from '@reelay/sdk';
import { resolveAccountIds } from '../account-resolver';
import { openBrowser, canOpenBrowser } from '../browser';
import { CliError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { startSpinner } from '../feedback';
import { beforeDeadline, untilSignal } from '../interrupt';
import { integerOption } from '../options';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';
import { t } from '../i18n';

const accountColumns = () => [
  { header: 'id', value: (a: ConnectedAccount) => a.id },
  {
    header: t('accounts.columnUser'),
    value: (a: ConnectedAccount) => (a.displayName ? `@${a.displayName}` : null),
  },
  { header: t('posts.columnStatus'), value: (a: ConnectedAccount) => a.status },
  { header: t('accounts.columnAuthorization'), value: (a: ConnectedAccount) => a.authStatus },
  { header: t('accounts.columnProfile'), value: (a: ConnectedAccount) => a.profileId },
  { header: 'login', value: (a: ConnectedAccount) => a.loginMode },
  { header: t('accounts.columnTokenExpires'), value: (a: ConnectedAccount) => a.tokenExpiresAt },
];

export interface ListAccountsOptions {
  profile?: string;
  search?: string;
  /** Checked against the route's bounds, with its default, before the command runs. */
  limit?: number;
  offset?: number;
  sort?: SortOrder;
  all?: boolean;
}

/**
 * `reelay accounts list`: one page (`--limit`, `--offset`), or every account with `--all`.
 *
 * @example
 * ```ts
 * await listAccounts({ profile: 'prf_01…', all: true }, ctx);
 * ```
 */
export async function listAccounts(
  options: ListAccountsOptions,
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const query = {
    ...(options.profile ? { profileId: options.profile } : {}),
    ...(options.search ? { q: options.search } : {}),
    ...(options.sort ? { sort: options.sort } : {}),
    ...(options.all || options.limit === undefined ? {} : { limit: options.limit }),
    offset: options.offset ?? 0,
  };
  if (options.all) {
    const integrations: ConnectedAccount[] = [];
    for await (const account of reelay.accounts.list(query)) integrations.push(account);
    const answer = { success: true as const, total: integrations.length, integrations };
    ctx.out.result(answer, () => renderTable(integrations, accountColumns()));
    return;
  }
  const answer = await reelay.accounts.list(query);
  ctx.out.result(answer, () => {
    const shown = answer.integrations.length;
    const more =
      answer.total > query.offset + shown
        ? `\n${t('posts.more', { shown, total: answer.total, next: query.offset + shown })}\n`
        : '';
    return renderTable(answer.integrations, accountColumns()) + more;
  });
}

async function oneAccountId(reelay: Reelay, reference: string): Promise<string> {
  return (await resolveAccountIds(reelay, [reference]))[0]!;
}

/**
 * `reelay accounts health <account> [--force]`: the connection's health; `--force` asks
 * Instagram now instead of using the check of the last 10 minutes.
 *
 * @example
 * ```ts
 * await accountHealth('@cafe.aurora', { force: true }, ctx);
 * ```
 */
export async function accountHealth(
  reference: string,
  options: { force?: boolean },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const id = await oneAccountId(reelay, reference);
  const answer = await reelay.accounts.health(id, options.force ? { force: true } : {});
  const health: ConnectionHealth = answer.health;
  ctx.out.result(answer, () =>
    renderFields([
      [t('accounts.fieldAccount'), health.integrationId],
      [t('accounts.fieldHealthy'), health.healthy],
      [t('posts.fieldStatus'), health.status],
      [t('accounts.fieldAuthorization'), health.authStatus],
      [t('accounts.fieldTokenExpires'), health.tokenExpiresAt],
      [t('accounts.fieldDaysLeft'), health.daysUntilExpiry],
      [t('accounts.fieldLastCheck'), health.lastHealthCheckAt],
      [t('accounts.fieldCheckedLive'), health.checkedLive],
      [t('accounts.fieldError'), health.healthError],
      [t('accounts.fieldScopes'), health.scopes.join(', ')],
    ]),
  );
}

/**
 * `reelay accounts disconnect <account>`: erases the stored token; scheduled posts for
 * the account will fail (spec §3).
 *
 * @example
 * ```ts
 * await disconnectAccount('int_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function disconnectAccount(reference: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const id = await oneAccountId(reelay, reference);
  const answer = await reelay.accounts.disconnect(id);
  ctx.out.result({ ...answer, integrationId: id }, () => t('accounts.disconnected', { id }));
}

export interface ConnectOptions {
  profile?: string;
  /** `instagram` or `facebook`; default the server's. */
  login?: LoginMode;
  /** `false` with `--no-open`. */
  open?: boolean;
  /** Seconds to wait; default 300 (the authorization link lives 10 minutes). */
  timeout?: string;
  /** Milliseconds between checks; default 1500. */
  interval?: string;
}

/** What changes when an account is connected, or connected again (spec §3: same id). */
function fingerprint(account: ConnectedAccount): string {
  return [
    account.authStatus,
    account.status,
    account.tokenExpiresAt,
    account.profileId,
    account.loginMode,
  ].join('|');
}

async function snapshot(reelay: Reelay): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for await (const account of reelay.accounts.list()) seen.set(account.id, fingerprint(account));
  return seen;
}

/**
 * The first account that is new or changed since `before`, checked every `intervalMs`;
 * `undefined` once `deadline` (epoch ms) passes, even while a request hangs.
 */
async function newlyConnected(
  reelay: Reelay,
  before: Map<string, string>,
  deadline: number,
  intervalMs: number,
): Promise<ConnectedAccount | undefined> {
  const changed = async () => {
    for await (const account of reelay.accounts.list()) {
      if (before.get(account.id) !== fingerprint(account)) return account;
    }
    return undefined;
  };
  while (Date.now() < deadline) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))),
    );
    const account = await beforeDeadline(changed(), deadline);
    if (account) return account;
  }
  return undefined;
}

/**
 * `reelay accounts connect`: prints the Instagram authorization link, or with
 * `--login facebook` the Facebook Login dialog's (and opens the browser when there is
 * one), then waits, with a spinner, until a new account appears,
 * or a known one is connected again. Gives up after `--timeout` seconds (exit 5).
 *
 * @example
 * ```ts
 * await connectAccount({ profile: 'prf_01…', open: false, timeout: '120' }, ctx);
 * ```
 */
export async function connectAccount(options: ConnectOptions, ctx: CommandContext): Promise<void> {
  const timeoutSeconds = integerOption(options.timeout, '--timeout', { min: 1, max: 600 }) ?? 300;
  const intervalMs =
    integerOption(options.interval, '--interval', { min: 100, max: 60_000 }) ?? 1500;
  const reelay = await projectClient(await loadSettings(ctx.global));
  const before = await snapshot(reelay);
  const { url } = await reelay.accounts.connect({
    ...(options.profile ? { profileId: options.profile } : {}),
    ...(options.login ? { login: options.login } : {}),
  });

  const linkText =
    options.login === 'facebook'
      ? `${t('accounts.openFacebook')}\n${url}\n`
      : `${t('accounts.openInstagram')}\n${url}\n`;
  // With --json the link is a note (stderr): stdout carries only the final answer.
  if (ctx.out.json) ctx.out.note(linkText);
  else process.stdout.write(linkText);
  if (options.open !== false && canOpenBrowser()) openBrowser(url);

  const spinner = await startSpinner(t('accounts.waiting'));
  const deadline = Date.now() + timeoutSeconds * 1000;
  let account: ConnectedAccount | undefined;
  try {
    account = await untilSignal(newlyConnected(reelay, before, deadline, intervalMs));
  } catch (error) {
    spinner.fail(
      error instanceof CliError && error.code === 'INTERRUPTED'
        ? t('posts.interrupted')
        : t('accounts.followFailed'),
    );
    throw error;
  }
  if (account) {
    const connected = account;
    spinner.succeed(
      t('accounts.connected', {
        account: connected.displayName ? `@${connected.displayName}` : connected.id,
      }),
    );
    ctx.out.result({ success: true, integration: connected, url }, () =>
      renderTable([connected], accountColumns()),
    );
    return;
  }
  spinner.fail(t('posts.timedOut'));
  throw new CliError('timeout', t('accounts.timeout', { seconds: timeoutSeconds }), {
    code: 'CONNECT_TIMEOUT',
    hint: t('accounts.timeoutHint'),
  });
}
