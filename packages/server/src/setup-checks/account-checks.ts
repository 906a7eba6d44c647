/**
 * `accounts`: the connected accounts that will stop publishing soon, or already have:
 * tokens near or past expiry, accounts waiting for a reconnection, permissions missing.
 */
import type { SetupAccountProblem } from '@reelay/core';
import { result, type SetupCheck } from './setup-check';

/** Tokens expiring within this warn. */
export const TOKEN_WARNING_MS = 7 * 24 * 60 * 60 * 1000;

/** One connected account, as the check reads it. */
export interface AccountState {
  id: string;
  username: string | null;
  loginMode: 'instagram' | 'facebook';
  tokenExpiresAt: number | null;
  reconnectRequired: boolean;
  scopes: readonly string[];
}

/** An account's problem, in the check's details (`problem` is its Portuguese wording). */
interface AccountProblem extends SetupAccountProblem {
  status: 'warning' | 'error';
  problem: string;
}

/**
 * Judges every connected account of the project.
 *
 * @example
 * ```ts
 * checkAccounts(accounts, { instagram: ['instagram_business_basic'], facebook: [] }, Date.now());
 * ```
 */
export function checkAccounts(
  accounts: readonly AccountState[],
  requiredScopes: Readonly<Record<AccountState['loginMode'], readonly string[]>>,
  now: number,
): SetupCheck {
  const id = 'accounts';
  if (accounts.length === 0) {
    return result(id, 'skipped', 'accounts_none');
  }
  const problems = accounts.flatMap((account) => problemsOf(account, requiredScopes, now));
  if (problems.length === 0) {
    return result(id, 'ok', 'accounts_ok', { count: accounts.length });
  }
  const status = problems.some((problem) => problem.status === 'error') ? 'error' : 'warning';
  return result(id, status, 'accounts_problems', { accounts: problems });
}

function problemsOf(
  account: AccountState,
  requiredScopes: Readonly<Record<AccountState['loginMode'], readonly string[]>>,
  now: number,
): AccountProblem[] {
  const found: AccountProblem[] = [];
  const base = { id: account.id, username: account.username };
  if (account.reconnectRequired) {
    found.push({ ...base, kind: 'reconnect', status: 'error', problem: 'precisa ser reconectada' });
  } else if (account.tokenExpiresAt !== null && account.tokenExpiresAt <= now) {
    found.push({ ...base, kind: 'expired', status: 'error', problem: 'o token expirou' });
  } else if (account.tokenExpiresAt !== null && account.tokenExpiresAt - now < TOKEN_WARNING_MS) {
    const days = Math.max(1, Math.ceil((account.tokenExpiresAt - now) / (24 * 60 * 60 * 1000)));
    found.push({
      ...base,
      kind: 'expiring',
      days,
      status: 'warning',
      problem: `o token expira em ${days} dia(s)`,
    });
  }
  const missingScopes = requiredScopes[account.loginMode].filter(
    (scope) => !account.scopes.includes(scope),
  );
  if (missingScopes.length > 0) {
    found.push({
      ...base,
      kind: 'scopes',
      status: 'warning',
      problem: `faltam as permissões ${missingScopes.join(', ')}`,
      missingScopes,
    });
  }
  return found;
}
