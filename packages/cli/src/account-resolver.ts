/**
 * Accounts named on the command line: an id (`int_…`) as is, or an Instagram username
 * (`cafe.aurora` or `@cafe.aurora`), found with the server's search and kept only when
 * the username matches exactly. None or several matches is a usage error (exit 2): a
 * post must never go to an account the person did not mean.
 */
import { ACCOUNT_SEARCH_MAX_LENGTH, PAGE_LIMIT_MAX } from '@reelay/core';
import type { ConnectedAccount, Reelay } from '@reelay/sdk';
import { usageError } from './cli-error';
import { t } from './i18n';

/** Whether a reference is an account id rather than a username. */
export function isAccountId(reference: string): boolean {
  return /^int_[A-Za-z0-9]+$/.test(reference.trim());
}

/**
 * Picks the account a username means among search results: exact username matches,
 * ignoring case and a leading `@` (Instagram usernames are case-insensitive).
 *
 * @example
 * ```ts
 * pickAccount('@Cafe.Aurora', accounts).id; // the account whose displayName is 'cafe.aurora'
 * pickAccount('cafe', accounts); // throws: no exact match (a search for "cafe" is not enough)
 * ```
 */
export function pickAccount(
  reference: string,
  candidates: readonly ConnectedAccount[],
): ConnectedAccount {
  const username = reference.trim().replace(/^@/, '');
  const matches = candidates.filter(
    (account) => account.displayName?.toLowerCase() === username.toLowerCase(),
  );
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) {
    throw usageError(t('shared.noAccountNamed', { username }), t('shared.seeAccounts'));
  }
  throw usageError(
    t('shared.ambiguousAccount', {
      username,
      count: matches.length,
      ids: matches.map((account) => account.id).join(', '),
    }),
    t('shared.useAccountId'),
  );
}

/**
 * Resolves each reference to an account id, in order. Ids are not checked here (the
 * server answers for them); usernames are searched with `accounts.list({ q })`. The same
 * account twice is a usage error.
 *
 * @example
 * ```ts
 * await resolveAccountIds(reelay, ['@cafe.aurora', 'int_01jd8k2m3n4p5q6r7s8t9v0wxy']);
 * // ['int_01…', 'int_01jd8k2m3n4p5q6r7s8t9v0wxy']
 * ```
 */
export async function resolveAccountIds(
  reelay: Reelay,
  references: readonly string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const reference of references) {
    const trimmed = reference.trim();
    if (trimmed === '' || trimmed === '@')
      throw usageError(t('shared.emptyAccount'), t('shared.emptyAccountHint'));
    let id: string;
    if (isAccountId(trimmed)) {
      id = trimmed;
    } else {
      const username = trimmed.replace(/^@/, '');
      // The search also matches parts of names and platform ids: exact matching is ours.
      const { integrations } = await reelay.accounts.list({
        q: username.slice(0, ACCOUNT_SEARCH_MAX_LENGTH),
        limit: PAGE_LIMIT_MAX,
      });
      id = pickAccount(username, integrations).id;
    }
    if (ids.includes(id)) throw usageError(t('shared.accountTwice', { account: trimmed }));
    ids.push(id);
  }
  return ids;
}

/**
 * Every connected account's username by id, for showing accounts as people named them.
 *
 * @example
 * ```ts
 * (await accountUsernames(reelay)).get('int_01…'); // 'cafe.aurora'
 * ```
 */
export async function accountUsernames(reelay: Reelay): Promise<Map<string, string>> {
  const usernames = new Map<string, string>();
  for await (const account of reelay.accounts.list()) {
    if (account.displayName) usernames.set(account.id, account.displayName);
  }
  return usernames;
}
