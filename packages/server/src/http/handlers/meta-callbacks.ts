/**
 * Callbacks the platform owner calls (spec §4 "Platform callbacks"), verified by the
 * `signed_request` signed with the app secret: deauthorization erases the account's
 * tokens; a data-deletion request erases the account's personal data as well and is
 * recorded with a confirmation code whose status anyone holding it can read.
 */
import { pathFor, ReelayError } from '@reelay/core';
import { parseSignedRequest } from '@reelay/core/platform';
import { isoTime } from '../../clock';
import { platformCredentialsMissing } from '../../platform';
import type { ServerContext } from '../../server-context';
import type {
  DataDeletionRequestRecord,
  PlatformUserDataService,
} from '../../services/platform-user-data';
import type { RouteHandlers } from '../route-handler';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function statusPage(request: DataDeletionRequestRecord): string {
  const done = request.status === 'completed';
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Exclusão de dados</title>
<body style="font-family:system-ui;max-width:40rem;margin:3rem auto;line-height:1.5">
<h1>Pedido de exclusão de dados</h1>
<p>Código de confirmação: <strong>${escapeHtml(request.confirmation_code)}</strong></p>
<p>Recebido em ${escapeHtml(isoTime(request.requested_at))}.</p>
<p>${done ? `Concluído em ${escapeHtml(isoTime(request.completed_at!))}: o token de acesso e os dados de perfil da conta foram apagados deste serviço.` : 'Em andamento.'}</p>
</body></html>`;
}

export function metaCallbackHandlers(
  ctx: Pick<ServerContext, 'config'>,
  userData: PlatformUserDataService,
): RouteHandlers {
  /** The platform user named by a verified signed request. */
  function signedUser(signedRequest: string): string {
    const secret = ctx.config.instagram.appSecret;
    if (!secret) throw platformCredentialsMissing();
    return parseSignedRequest(signedRequest, secret).userId;
  }

  return {
    metaDeauthorize: async ({ body }) => {
      await userData.deauthorize(signedUser(body!.signed_request));
      return { status: 200, body: { success: true } };
    },

    metaDataDeletion: async ({ body }) => {
      const request = await userData.eraseData(signedUser(body!.signed_request));
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
      const request = await userData.findDeletionRequest(params.code);
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
