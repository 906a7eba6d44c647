/**
 * Liveness, credential check and the OpenAPI document.
 */
import { buildOpenApiDocument } from '@reelay/core/openapi';
import type { AccountService } from '../../services/account';
import type { RouteHandlers } from '../route-handler';
import { projectOf } from '../route-handler';

export function healthHandlers(publicUrl: string, account: AccountService): RouteHandlers {
  // Generated once at start from the contract table (spec §9).
  const openApiDocument = buildOpenApiDocument({ serverUrl: publicUrl });
  return {
    healthz: async () => ({ status: 200, body: { ok: true } }),
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
