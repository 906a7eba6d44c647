/**
 * Checks of the server's public address (`REELAY_PUBLIC_URL`): the platform fetches media
 * and calls back through it, so it must be https, public and resolvable, and must lead
 * back to this server.
 */
import { promisify } from 'node:util';
import type { LookupAddress } from 'node:dns';
import { PUBLIC_ONLY } from '../media/address-policy';
import { guardedLookup, RefusedAddressError } from '../media/guarded-lookup';
import { boundedFetch, result, type SetupCheck } from './setup-check';

/** What the public URL checks read from the configuration. */
export interface PublicUrlSettings {
  publicUrl: string;
  allowPrivateUrls: boolean;
}

/** Whether the public URL's host is one the platform can reach, and why not. */
export type Reachability = { kind: 'public' } | { kind: 'private' | 'unresolved'; reason: string };

const lookupPublic = promisify(guardedLookup(PUBLIC_ONLY)) as unknown as (
  host: string,
  options: { all: true },
) => Promise<LookupAddress[]>;

/**
 * Resolves the public URL's host through the same policy as media imports.
 *
 * @example
 * ```ts
 * await reachabilityOf('http://127.0.0.1:3000'); // { kind: 'private', reason: '…' }
 * ```
 */
export async function reachabilityOf(publicUrl: string): Promise<Reachability> {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  try {
    await lookupPublic(host, { all: true });
    return { kind: 'public' };
  } catch (error) {
    if (error instanceof RefusedAddressError) {
      return { kind: 'private', reason: `${host} resolve para ${error.address} (${error.reason})` };
    }
    return {
      kind: 'unresolved',
      reason: `${host} não resolve: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/**
 * `public_url`: https, and a host that resolves to public addresses only.
 *
 * @example
 * ```ts
 * checkPublicUrl({ publicUrl: 'http://127.0.0.1:3000', allowPrivateUrls: false }, reachability);
 * ```
 */
export function checkPublicUrl(settings: PublicUrlSettings, reach: Reachability): SetupCheck {
  const id = 'public_url';
  const url = new URL(settings.publicUrl);
  const details = { publicUrl: settings.publicUrl };
  const problems: string[] = [];
  if (url.protocol !== 'https:') problems.push(`usa ${url.protocol.replace(':', '')}, não https`);
  if (reach.kind !== 'public') problems.push(reach.reason);
  if (problems.length === 0) {
    return result(
      id,
      'ok',
      `${settings.publicUrl} é https e resolve para endereços públicos.`,
      undefined,
      details,
    );
  }
  const fix =
    'Defina REELAY_PUBLIC_URL com o endereço https pelo qual a internet alcança este servidor (um domínio com certificado, atrás de um proxy reverso ou túnel). A Meta só busca mídia e chama callbacks em endereços públicos.';
  // A development setup may run on loopback on purpose; the name it gives that is the flag.
  const status = settings.allowPrivateUrls && reach.kind !== 'unresolved' ? 'warning' : 'error';
  const suffix = settings.allowPrivateUrls
    ? ' Aceito só para desenvolvimento (REELAY_ALLOW_PRIVATE_URLS): a Meta não alcança este endereço.'
    : '';
  return result(id, status, `REELAY_PUBLIC_URL ${problems.join('; ')}.${suffix}`, fix, details);
}

/**
 * `redirect_uri`: the exact address the Meta app must list as a valid OAuth redirect.
 *
 * @example
 * ```ts
 * redirectUriCheck('https://reelay.example.com').details; // { redirectUri: 'https://reelay.example.com/v1/connect/instagram/callback' }
 * ```
 */
export function redirectUriCheck(publicUrl: string): SetupCheck {
  const redirectUri = `${publicUrl}/v1/connect/instagram/callback`;
  return result(
    'redirect_uri',
    'ok',
    `Cadastre ${redirectUri} como URI de redirecionamento OAuth válida no app da Meta.`,
    undefined,
    { redirectUri },
  );
}

/**
 * `meta_webhooks`: whether the verify token is set, and the callback URL to register.
 *
 * @example
 * ```ts
 * webhooksCheck('https://reelay.example.com', null).status; // 'warning'
 * ```
 */
export function webhooksCheck(publicUrl: string, verifyToken: string | null): SetupCheck {
  const callbackUrl = `${publicUrl}/v1/meta/webhooks`;
  if (!verifyToken) {
    return result(
      'meta_webhooks',
      'warning',
      'META_WEBHOOK_VERIFY_TOKEN não está definido: a caixa de entrada busca comentários e menções periodicamente em vez de recebê-los na hora.',
      `Defina META_WEBHOOK_VERIFY_TOKEN e cadastre ${callbackUrl} como URL de callback dos webhooks no app da Meta, com o mesmo token.`,
      { callbackUrl },
    );
  }
  return result(
    'meta_webhooks',
    'ok',
    `Webhooks prontos: cadastre ${callbackUrl} como URL de callback no app da Meta, com o token de META_WEBHOOK_VERIFY_TOKEN.`,
    undefined,
    { callbackUrl },
  );
}

/** What the fetch-back check needs: a file URL of this server's media, if there is one. */
export interface FetchBackInput extends PublicUrlSettings {
  reach: Reachability;
  /** The URL the platform would fetch for one stored file, or null without media. */
  mediaUrl: string | null;
  /** Whether media is delivered by presigned bucket URLs instead of this server's `/media`. */
  presigned: boolean;
}

/**
 * `media_fetch_back`: the public URL leads back to this server, and a stored file comes
 * back through it in part (`Range: bytes=0-99` → 206), as the platform fetches videos.
 *
 * @example
 * ```ts
 * await checkMediaFetchBack({ publicUrl, allowPrivateUrls: true, reach, mediaUrl: null, presigned: false });
 * ```
 */
export async function checkMediaFetchBack(input: FetchBackInput): Promise<SetupCheck> {
  const id = 'media_fetch_back';
  if (input.reach.kind !== 'public' && !input.allowPrivateUrls) {
    return result(
      id,
      'skipped',
      'A URL pública não é um endereço público: não dá para saber, de dentro do servidor, se a Meta consegue buscar a mídia por ela.',
      'Corrija primeiro a verificação public_url.',
    );
  }
  const health = await boundedFetch(`${input.publicUrl}/healthz`);
  if (typeof health === 'string' || !health.ok) {
    const why = typeof health === 'string' ? health : `HTTP ${health.status}`;
    return result(
      id,
      'error',
      `${input.publicUrl}/healthz não respondeu pela URL pública (${why}).`,
      'Confira o DNS, o proxy reverso e o firewall: a URL pública precisa encaminhar para este servidor, inclusive /media/.',
    );
  }
  const where = input.presigned
    ? 'A mídia é entregue por URLs assinadas do bucket (REELAY_MEDIA_DELIVERY=presigned): o caminho que a Meta busca é o do bucket.'
    : 'A mídia é entregue por /media/ desta URL pública.';
  if (!input.mediaUrl) {
    return result(
      id,
      'ok',
      `A URL pública leva a este servidor. ${where} Ainda não há mídia no projeto para conferir o pedido parcial (Range).`,
    );
  }
  const answer = await boundedFetch(input.mediaUrl, { headers: { range: 'bytes=0-99' } });
  if (typeof answer !== 'string') await answer.body?.cancel();
  if (typeof answer === 'string' || answer.status !== 206) {
    const why = typeof answer === 'string' ? answer : `HTTP ${answer.status}`;
    return result(
      id,
      'error',
      `Um arquivo de mídia não voltou em parte (Range: bytes=0-99 deveria responder 206; respondeu ${why}). ${where}`,
      input.presigned
        ? 'Confira o acesso público de leitura e o CORS do bucket, e se o endpoint do bucket é alcançável da internet.'
        : 'Confira se o proxy reverso repassa /media/ e o cabeçalho Range sem guardar nem alterar a resposta.',
    );
  }
  return result(id, 'ok', `Um arquivo de mídia voltou em parte pela URL pública (206). ${where}`);
}
