/**
 * Callbacks the platform owner calls (spec §4 "Platform callbacks"), verified by the
 * `signed_request` signed with the app secret: deauthorization erases the account's
 * tokens; a data-deletion request erases the account's personal data as well and is
 * recorded with a confirmation code whose status anyone holding it can read.
 */
import { randomBytes } from 'node:crypto';
import { pathFor, ReelayError } from '@reelay/core';
import { parseSignedRequest } from '@reelay/core/platform';
import { isoTime } from '../../clock';
import { platformCredentialsMissing } from '../../platform';
import type { ServerContext } from '../../server-context';
import { findDataDeletionRequest, insertDataDeletionRequest } from '../../store/data-deletions';
import { findIntegrationsOfPlatformUser, updateIntegration } from '../../store/integrations';
import type { DataDeletionRequestsTable } from '../../store/schema';
import type { RouteHandlers } from '../route-handler';

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function confirmationCode(): string {
  return Array.from(randomBytes(16), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function statusPage(request: DataDeletionRequestsTable): string {
  const done = request.status === 'completed';
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Exclusão de dados</title>
<body style="font-family:system-ui;max-width:40rem;margin:3rem auto;line-height:1.5">
<h1>Pedido de exclusão de dados</h1>
<p>Código de confirmação: <strong>${escapeHtml(request.confirmation_code)}</strong></p>
<p>Recebido em ${escapeHtml(isoTime(request.requested_at))}.</p>
<p>${done ? `Concluído em ${escapeHtml(isoTime(request.completed_at!))}: o token de acesso e os dados de perfil da conta foram apagados deste serviço.` : 'Em andamento.'}</p>
</body></html>`;
}

export function metaCallbackHandlers(ctx: ServerContext): RouteHandlers {
  /** The platform user named by a verified signed request. */
  function signedUser(signedRequest: string): string {
    const secret = ctx.config.instagram.appSecret;
    if (!secret) throw platformCredentialsMissing();
    return parseSignedRequest(signedRequest, secret).userId;
  }

  return {
    metaDeauthorize: async ({ body }) => {
      const userId = signedUser(body!.signed_request);
      const now = ctx.clock.now();
      for (const row of await findIntegrationsOfPlatformUser(ctx.db, userId)) {
        await updateIntegration(ctx.db, row.id, {
          access_token: null,
          auth_status: 'reconnect_required',
          status: 'revoked',
          health_error: 'TOKEN_INVALID: a pessoa removeu o aplicativo no Instagram.',
          updated_at: now,
        });
      }
      return { status: 200, body: { success: true } };
    },

    metaDataDeletion: async ({ body }) => {
      const userId = signedUser(body!.signed_request);
      const now = ctx.clock.now();
      const request: DataDeletionRequestsTable = {
        id: randomBytes(12).toString('hex'),
        confirmation_code: confirmationCode(),
        platform_user_id: userId,
        status: 'completed',
        requested_at: now,
        completed_at: now,
      };
      await ctx.db.transaction().execute(async (trx) => {
        for (const row of await findIntegrationsOfPlatformUser(trx, userId)) {
          await updateIntegration(trx, row.id, {
            access_token: null,
            username: null,
            name: null,
            image_url: null,
            auth_status: 'reconnect_required',
            status: 'revoked',
            health_error: 'TOKEN_INVALID: os dados da conta foram apagados a pedido da pessoa.',
            updated_at: now,
          });
        }
        await insertDataDeletionRequest(trx, request);
      });
      return {
        status: 200,
        body: {
          success: true,
          url: `${ctx.config.publicUrl}${pathFor('getDataDeletionStatus', { code: request.confirmation_code })}`,
          confirmation_code: request.confirmation_code,
        },
      };
    },

    getDataDeletionStatus: async ({ params }, context) => {
      const request = await findDataDeletionRequest(ctx.db, params.code);
      if (!request)
        throw new ReelayError('NOT_FOUND', { message: 'Pedido de exclusão não encontrado.' });
      // People follow this link from Meta's interface: give them a page, machines JSON.
      if (/text\/html/.test(context.req.headers.accept ?? '')) {
        const page = statusPage(request);
        context.res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(page),
        });
        context.res.end(page);
      }
      return {
        status: 200,
        body: {
          success: true,
          confirmationCode: request.confirmation_code,
          status: request.status,
          requestedAt: isoTime(request.requested_at),
          completedAt: isoTime(request.completed_at),
        },
      };
    },
  };
}
