/**
 * Health (the process and its database), credential check and the OpenAPI document.
 */
import { buildOpenApiDocument } from '@reelay/core/openapi';
import type { AccountService } from '../../services/account';
import { faultError, type StoreHealth } from '../../services/store-health';
import type { RouteHandlers } from '../route-handler';
import { projectOf } from '../route-handler';

export function healthHandlers(
  publicUrl: string,
  account: AccountService,
  storeHealth: Pick<StoreHealth, 'check'>,
): RouteHandlers {
  // Generated once at start from the contract table (spec §9).
  const openApiDocument = buildOpenApiDocument({ serverUrl: publicUrl });
  return {
    // Up only while the database answers: a balancer sends no traffic to an instance
    // whose database is away or out of room, and the answer names which.
    healthz: async () => {
      const status = await storeHealth.check();
      if (!status.ok) throw faultError(status.fault);
      return { status: 200, body: { ok: true } };
    },
    healthAuth: async (_input, context) => {
      const project = await account.findProject(projectOf(context));
      if (!project) throw new Error('projeto da credencial não existe');
      return {
        status: 200,
        body: { success: true, project: { id: project.id, environment: project.environment } },
      };
    },
    getOpenApiDocument: async () => ({
      status: 200,
      body: openApiDocument as unknown as Record<string, unknown>,
    }),
  };
}
