/**
 * Connected accounts of a project (spec §3, §4): list, disconnect, health, and the end
 * of the connection flow. Built once by `createReelay` with only what it needs.
 */
import type { ConnectState } from '../security/oauth-state';
import { connectAccount, type ConnectDeps, type ConnectOutcome } from './connect-account';
import {
  checkIntegrationHealth,
  type ConnectionHealth,
  type HealthDeps,
} from './integration-health';
import {
  disconnectIntegration,
  listIntegrations,
  type IntegrationFilters,
  type IntegrationRecord,
} from '../store/integrations';
import { claimOAuthState } from '../store/oauth-state-uses';

export type { IntegrationRecord } from '../store/integrations';
export type { ConnectOutcome } from './connect-account';

export interface IntegrationsService {
  list(
    projectId: string,
    filters: IntegrationFilters,
    page: { limit: number; offset: number; sort: 'asc' | 'desc' },
  ): Promise<{ total: number; rows: IntegrationRecord[] }>;
  /** Erases the token and marks the account revoked; returns whether it exists. */
  disconnect(projectId: string, id: string): Promise<boolean>;
  health(projectId: string, id: string, options: { force: boolean }): Promise<ConnectionHealth>;
  /** Marks a connection state used; false when it already was (a replayed callback). */
  claimState(state: ConnectState): Promise<boolean>;
  /** Exchanges the code and creates or updates the connections it authorised. */
  connect(state: ConnectState, code: string): Promise<ConnectOutcome>;
}

/**
 * @example
 * ```ts
 * const integrations = createIntegrationsService({ db, clock, platform, facebook, cipher, logger });
 * const { total, rows } = await integrations.list(projectId, {}, { limit: 20, offset: 0, sort: 'desc' });
 * ```
 */
export function createIntegrationsService(
  deps: ConnectDeps & HealthDeps,
  hooks: {
    /** Runs once accounts are connected (the inbox subscribes them to Meta's webhooks). */
    afterConnect?: (integrations: IntegrationRecord[]) => Promise<void>;
  } = {},
): IntegrationsService {
  const { db, clock } = deps;
  return {
    list: (projectId, filters, page) => listIntegrations(db, projectId, filters, page),
    disconnect: (projectId, id) => disconnectIntegration(db, projectId, id, clock.now()),
    health: (projectId, id, options) => checkIntegrationHealth(deps, projectId, id, options),
    claimState: (state) => claimOAuthState(db, state.nonce, state.expiresAt, clock.now()),
    async connect(state, code) {
      const outcome = await connectAccount(deps, state, code);
      await hooks.afterConnect?.(outcome.integrations);
      return outcome;
    },
  };
}
