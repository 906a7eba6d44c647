/**
 * What both logins do once the platform named an account (spec §3, §4): check that the
 * project and profile of the flow still exist, then create the connection or update the
 * existing one. An account already connected to another profile of the project is
 * refused with `ACCOUNT_IN_USE` and left unchanged. There is one connection per Instagram
 * account and project, whichever login reached it: connecting it through the other login
 * updates that connection and switches its login mode (its id stays).
 */
import { newId, ReelayError } from '@reelay/core';
import type { ConnectState } from '../security/oauth-state';
import {
  findIntegration,
  findIntegrationByPlatformUser,
  insertIntegration,
  updateIntegration,
  type IntegrationRecord,
} from '../store/integrations';
import { findLiveProfile } from '../store/profiles';
import { findProjectById } from '../store/users';
import type { AccountDeps } from './account-token';

/** What connecting needs: the store, time, both logins, the token cipher and the log. */
export type ConnectDeps = Pick<
  AccountDeps,
  'db' | 'clock' | 'platform' | 'facebook' | 'cipher' | 'logger'
>;

/** What one authorization connected, and the accounts it named but could not connect. */
export interface ConnectOutcome {
  /** Connected or reconnected, in the platform's order; never empty. */
  integrations: IntegrationRecord[];
  refused: Array<{ platformUserId: string; error: ReelayError }>;
}

/** Everything a connection stores besides who owns it, for a new or an updated one. */
export type ConnectionFields = Omit<
  IntegrationRecord,
  'id' | 'projectId' | 'profileId' | 'platform' | 'platformUserId' | 'createdAt' | 'accountType'
> & {
  /** Left as stored when `undefined` (Facebook Login does not tell it). */
  accountType?: string | null;
};

/**
 * Refuses a flow whose project or profile was removed while the person was authorizing.
 *
 * @example
 * ```ts
 * await checkConnectionTarget(ctx, state);
 * ```
 */
export async function checkConnectionTarget(ctx: ConnectDeps, state: ConnectState): Promise<void> {
  if (!(await findProjectById(ctx.db, state.projectId))) {
    throw new ReelayError('NOT_FOUND', { message: 'O projeto desta conexão não existe mais.' });
  }
  if (state.profileId && !(await findLiveProfile(ctx.db, state.projectId, state.profileId))) {
    throw new ReelayError('NOT_FOUND', { message: 'O perfil desta conexão não existe mais.' });
  }
}

/**
 * Creates the connection of `platformUserId` in the state's project, or updates the
 * existing one (a concurrent callback that created it first included).
 *
 * @example
 * ```ts
 * const row = await saveConnection(ctx, state, account.userId, fields);
 * ```
 */
export async function saveConnection(
  ctx: ConnectDeps,
  state: ConnectState,
  platformUserId: string,
  fields: ConnectionFields,
): Promise<IntegrationRecord> {
  const find = () =>
    findIntegrationByPlatformUser(ctx.db, state.projectId, 'instagram', platformUserId);
  const existing = await find();
  if (existing) return reconnect(ctx, existing, state, fields);
  try {
    const row: IntegrationRecord = {
      id: newId('integration', ctx.clock.now()),
      projectId: state.projectId,
      profileId: state.profileId,
      platform: 'instagram',
      platformUserId,
      createdAt: ctx.clock.now(),
      ...fields,
      accountType: fields.accountType ?? null,
    };
    await insertIntegration(ctx.db, row);
    return row;
  } catch (error) {
    // The same account connected by a concurrent callback: update that one instead.
    const raced = await find();
    if (raced) return reconnect(ctx, raced, state, fields);
    throw error;
  }
}

async function reconnect(
  ctx: ConnectDeps,
  existing: IntegrationRecord,
  state: ConnectState,
  fields: ConnectionFields,
): Promise<IntegrationRecord> {
  const live = existing.status !== 'revoked';
  const otherProfile =
    state.profileId !== null &&
    existing.profileId !== null &&
    existing.profileId !== state.profileId;
  if (live && otherProfile) {
    throw new ReelayError('ACCOUNT_IN_USE', { details: { accountId: existing.id } });
  }
  // Reconnecting without naming a profile keeps the current one; a disconnected account
  // may move to the profile now named.
  const profileId = state.profileId ?? existing.profileId;
  await updateIntegration(ctx.db, existing.id, { ...fields, profileId });
  return (await findIntegration(ctx.db, existing.projectId, existing.id))!;
}
