/**
 * The Bearer-only account routes: `/v1/me`, the organization and the API keys of a
 * project. A project not shared with the user, or an organization of another user,
 * answers 403 (spec §5 rule 4); the keys need an admin of the project.
 */
import { DEFAULT_API_KEY_ROLE } from '@reelay/core';
import type { AccountService, OrganizationRecord } from '../../services/account';
import type { ApiKeysService } from '../../services/api-keys';
import { presentApiKey, presentMemberProject, presentUser } from '../presenters';
import { userOf, type RouteHandlers } from '../route-handler';

function presentOrganization(row: OrganizationRecord) {
  return { id: row.id, name: row.name, role: 'owner' as const };
}

export function accountHandlers(services: {
  account: AccountService;
  apiKeys: ApiKeysService;
}): RouteHandlers {
  const { account, apiKeys } = services;
  return {
    getMe: async (_input, context) => {
      const { user, organization, projects } = await account.me(userOf(context));
      return {
        status: 200,
        body: {
          success: true,
          user: presentUser(user),
          organization: presentOrganization(organization),
          projects: projects.map(presentMemberProject),
        },
      };
    },

    deleteMe: async (_input, context) => {
      await account.erase(userOf(context));
      return { status: 204, body: undefined };
    },

    updateOrganization: async ({ params, body }, context) => {
      const organization = await account.renameOrganization(userOf(context), params.id, body!.name);
      return {
        status: 200,
        body: { success: true, organization: presentOrganization(organization) },
      };
    },

    listApiKeys: async ({ params }, context) => {
      const keys = await apiKeys.list(userOf(context), params.id);
      return { status: 200, body: { success: true, apiKeys: keys.map(presentApiKey) } };
    },

    createApiKey: async ({ params, body }, context) => {
      const { record, key } = await apiKeys.create(userOf(context), params.id, {
        name: body?.name ?? null,
        role: body?.role ?? DEFAULT_API_KEY_ROLE,
      });
      return {
        status: 201,
        body: { success: true, apiKey: { ...presentApiKey(record), key } },
      };
    },

    revokeApiKey: async ({ params }, context) => {
      const revoked = await apiKeys.revoke(userOf(context), params.id, params.keyId);
      return { status: 200, body: { success: true, apiKey: presentApiKey(revoked) } };
    },
  };
}
