/**
 * Checks against the platform itself: the clock (signed requests and token expiries go
 * wrong when it drifts) and the app id and secret.
 */
import { boundedFetch, result, type SetupCheck } from './setup-check';

/** Beyond this much skew the clock check fails. */
export const MAX_CLOCK_SKEW_MS = 60_000;

/** What the platform checks read from the configuration. */
export interface PlatformSettings {
  graphUrl: string;
  appId: string | null;
  appSecret: string | null;
}

/**
 * `clock`: this server's clock against the `Date` header of the platform's answer.
 *
 * @example
 * ```ts
 * await checkClock('https://graph.instagram.com', () => Date.now());
 * ```
 */
export async function checkClock(graphUrl: string, now: () => number): Promise<SetupCheck> {
  const id = 'clock';
  const sentAt = now();
  const answer = await boundedFetch(graphUrl);
  if (typeof answer === 'string') {
    return result(
      id,
      'error',
      `A plataforma (${graphUrl}) não respondeu: ${answer}.`,
      'Confira se o servidor alcança a internet (DNS, proxy de saída, firewall).',
    );
  }
  await answer.body?.cancel();
  const header = answer.headers.get('date');
  const platformTime = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(platformTime)) {
    return result(
      id,
      'skipped',
      'A plataforma respondeu sem cabeçalho Date: não há com o que comparar.',
    );
  }
  // The header has whole seconds: the midpoint of the request is the fairest comparison.
  const skewMs = Math.round((sentAt + now()) / 2 - platformTime);
  const seconds = Math.round(skewMs / 1000);
  const details = { skewSeconds: seconds };
  if (Math.abs(skewMs) > MAX_CLOCK_SKEW_MS) {
    return result(
      id,
      'error',
      `O relógio do servidor está ${Math.abs(seconds)} s ${skewMs > 0 ? 'adiantado' : 'atrasado'} em relação à plataforma.`,
      'Sincronize o relógio do sistema (NTP: chrony ou systemd-timesyncd).',
      details,
    );
  }
  return result(
    id,
    'ok',
    `O relógio difere ${Math.abs(seconds)} s da plataforma.`,
    undefined,
    details,
  );
}

/**
 * `platform_credentials`: the app id and secret obtain an app access token.
 *
 * @example
 * ```ts
 * await checkPlatformCredentials({ graphUrl, appId: '123', appSecret: 'segredo' });
 * ```
 */
export async function checkPlatformCredentials(settings: PlatformSettings): Promise<SetupCheck> {
  const id = 'platform_credentials';
  const missing = [
    settings.appId ? null : 'INSTAGRAM_APP_ID',
    settings.appSecret ? null : 'INSTAGRAM_APP_SECRET',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) {
    return result(
      id,
      'error',
      `Faltam as credenciais do app: ${missing.join(', ')}.`,
      `Defina ${missing.join(' e ')} com o id e a chave secreta do app da Meta (painel do app, Instagram → Configuração da API com login do Instagram).`,
      { missing },
    );
  }
  const query = new URLSearchParams({
    client_id: settings.appId!,
    client_secret: settings.appSecret!,
    grant_type: 'client_credentials',
  });
  const answer = await boundedFetch(`${settings.graphUrl}/oauth/access_token?${query}`);
  if (typeof answer === 'string') {
    return result(
      id,
      'error',
      `A plataforma não respondeu ao conferir as credenciais: ${answer}.`,
      'Confira se o servidor alcança a internet e o valor de INSTAGRAM_GRAPH_URL.',
    );
  }
  const body = (await answer.json().catch(() => null)) as {
    access_token?: unknown;
    error?: { message?: string };
  } | null;
  if (answer.ok && typeof body?.access_token === 'string') {
    return result(id, 'ok', 'A plataforma aceitou o id e a chave secreta do app.');
  }
  return result(
    id,
    'error',
    `A plataforma recusou as credenciais do app (HTTP ${answer.status}${body?.error?.message ? `: ${body.error.message}` : ''}).`,
    'Confira INSTAGRAM_APP_ID e INSTAGRAM_APP_SECRET: copie de novo o id e a chave secreta do app no painel da Meta (a chave muda quando é redefinida).',
  );
}
