/**
 * Callbacks the platform owner calls (spec §4 "Platform callbacks"), verified by the
 * `signed_request` signed with the app secret (of the Instagram Login app or of the
 * Facebook Login app, which share these routes): deauthorization erases the account's
 * tokens; a data-deletion request erases the account's personal data as well and is
 * recorded with a confirmation code whose status anyone holding it can read.
 */
import { isReelayError, pathFor, ReelayError, type LoginMode } from '@reelay/core';
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
<p>Código de confirmação: <strong>${escapeHtml(request.confirmationCode)}</strong></p>
<p>Recebido em ${escapeHtml(isoTime(request.requestedAt))}.</p>
<p>${done ? `Concluído em ${escapeHtml(isoTime(request.completedAt!))}: o token de acesso e os dados de perfil da conta foram apagados deste serviço.` : 'Em andamento.'}</p>
</body></html>`;
}

export function metaCallbackHandlers(
  ctx: Pick<ServerContext, 'config'>,
  userData: PlatformUserDataService,
): RouteHandlers {
  /**
   * The platform user named by a verified signed request, and which app signed it. Both
   * logins' apps call the same routes; the signature says which app it is, since each
   * signs with its own secret (reference §5).
   */
  function signedUser(signedRequest: string): { userId: string; modes: LoginMode[] } {
    const secrets = (
      [
        ['instagram', ctx.config.instagram.appSecret],
        ['facebook', ctx.config.facebook.appSecret],
      ] as const
    ).filter((entry): entry is readonly [LoginMode, string] => Boolean(entry[1]));
    if (secrets.length === 0) throw platformCredentialsMissing();
    let userId: string | null = null;
    const modes: LoginMode[] = [];
    for (const [mode, secret] of secrets) {
      try {
        userId = parseSignedRequest(signedRequest, secret).userId;
        modes.push(mode);
      } catch (error) {
        if (!isReelayError(error) || error.code !== 'SIGNED_REQUEST_INVALID') throw error;
      }
    }
    if (userId === null) throw new ReelayError('SIGNED_REQUEST_INVALID');
    return { userId, modes };
  }

  return {
    metaDeauthorize: async ({ body }) => {
      const { userId, modes } = signedUser(body!.signed_request);
      await userData.deauthorize(userId, modes);
      return { status: 200, body: { success: true } };
    },

    metaDataDeletion: async ({ body }) => {
      const { userId, modes } = signedUser(body!.signed_request);
      const request = await userData.eraseData(userId, modes);
      return {
        status: 200,
        body: {
          success: true,
          url: `${ctx.config.publicUrl}${pathFor('getDataDeletionStatus', { code: request.confirmationCode })}`,
          confirmation_code: request.confirmationCode,
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
          confirmationCode: request.confirmationCode,
          status: request.status,
          requestedAt: isoTime(request.requestedAt),
          completedAt: isoTime(request.completedAt),
        },
      };
    },
  };
}
