import { ControlError } from '../control/control-error';
import type { EmulatorContext } from '../emulator-context';
import { isScopeList } from '../oauth/scopes';
import { SCOPES, type Account, type AccountType, type Scope } from './types';

const ACCOUNT_TYPES: readonly AccountType[] = ['BUSINESS', 'MEDIA_CREATOR', 'PERSONAL'];
// Instagram usernames: letters, digits, periods and underscores, at most 30.
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

/**
 * An account to create, as posted to `POST /_emulator/accounts`.
 *
 * @example
 * ```ts
 * const input: AccountInput = { username: 'cafe.aurora', accountType: 'MEDIA_CREATOR' };
 * ```
 */
export interface AccountInput {
  readonly username: string;
  /** Default `BUSINESS`. */
  readonly accountType?: AccountType | undefined;
  readonly name?: string | undefined;
  readonly profilePictureUrl?: string | undefined;
  readonly biography?: string | undefined;
  readonly followersCount?: number | undefined;
  readonly followsCount?: number | undefined;
  /** The most this account grants an app; default: whatever the app asks. */
  readonly scopes?: readonly Scope[] | undefined;
}

/**
 * Creates an account after checking the input; refuses a taken username.
 *
 * @example
 * ```ts
 * createAccount(ctx, { username: 'cafe.aurora', accountType: 'BUSINESS' });
 * ```
 */
export function createAccount(ctx: EmulatorContext, input: unknown): Account {
  const data = parseAccountInput(input);
  if (ctx.store.accountByUsername(data.username)) {
    throw new ControlError(409, `username "${data.username}" is taken`);
  }
  const id = ctx.ids.id('account');
  const account: Account = {
    id,
    username: data.username,
    accountType: data.accountType ?? 'BUSINESS',
    name: data.name ?? data.username,
    profilePictureUrl:
      data.profilePictureUrl ?? `https://scontent.cdninstagram.com/v/t51.2885-19/${id}_profile.jpg`,
    biography: data.biography ?? '',
    followersCount: data.followersCount ?? 0,
    followsCount: data.followsCount ?? 0,
    scopes: data.scopes ?? null,
    createdAt: ctx.now(),
  };
  ctx.store.addAccount(account);
  return account;
}

function parseAccountInput(input: unknown): AccountInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ControlError(400, 'the account must be a JSON object');
  }
  const known = new Set([
    'username',
    'accountType',
    'name',
    'profilePictureUrl',
    'biography',
    'followersCount',
    'followsCount',
    'scopes',
  ]);
  const data = input as Record<string, unknown>;
  for (const key of Object.keys(data)) {
    if (!known.has(key)) throw new ControlError(400, `unknown account field "${key}"`);
  }
  if (typeof data.username !== 'string' || !USERNAME.test(data.username)) {
    throw new ControlError(400, 'username must be 1-30 letters, digits, periods or underscores');
  }
  if (data.accountType !== undefined && !ACCOUNT_TYPES.includes(data.accountType as AccountType)) {
    throw new ControlError(400, `accountType must be one of ${ACCOUNT_TYPES.join(', ')}`);
  }
  for (const key of ['name', 'profilePictureUrl', 'biography'] as const) {
    if (data[key] !== undefined && typeof data[key] !== 'string') {
      throw new ControlError(400, `${key} must be a string`);
    }
  }
  for (const key of ['followersCount', 'followsCount'] as const) {
    const value = data[key];
    if (
      value !== undefined &&
      (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    ) {
      throw new ControlError(400, `${key} must be an integer >= 0`);
    }
  }
  if (data.scopes !== undefined && !isScopeList(data.scopes)) {
    throw new ControlError(400, `scopes must be a list of: ${SCOPES.join(', ')}`);
  }
  return data as unknown as AccountInput;
}

/**
 * An account as the control API and `Emulator.createAccount` show it.
 *
 * @example
 * ```ts
 * const { id, username }: AccountView = emulator.createAccount({ username: 'cafe.aurora' });
 * ```
 */
export type AccountView = Omit<Account, 'createdAt'>;

/**
 * An account as the control API shows it.
 *
 * @example
 * ```ts
 * accountView(account); // { id, username, accountType, name, … }
 * ```
 */
export function accountView(account: Account): AccountView {
  const { createdAt: _createdAt, ...view } = account;
  return view;
}
