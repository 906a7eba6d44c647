/**
 * The page a person sees when Instagram (or Facebook) sends their browser back to the connection
 * callback and no `redirectUrl` was given: what happened, in Portuguese or English
 * (from `Accept-Language`), and that the tab can be closed. API clients never see it:
 * it is chosen only when `Accept` prefers HTML, so their JSON answer stays as it was.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { ReelayError } from '@reelay/core';

export type OutcomeLanguage = 'pt-BR' | 'en';

/**
 * What the callback ended in. Facebook Login may connect several accounts at once
 * (`usernames`, one per Page with a linked account) and leave some out (`refused`).
 */
export type ConnectOutcome =
  | {
      kind: 'connected';
      username: string | null;
      usernames?: ReadonlyArray<string | null>;
      refused?: number;
    }
  | { kind: 'refused'; error: ReelayError };

/** `type/subtype` → quality, from an `Accept`-style header; `*` wildcards kept as given. */
function qualities(header: string | undefined): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const quality = q === undefined ? 1 : Number(q);
    if (Number.isFinite(quality)) found.set(name.trim(), Math.min(Math.max(quality, 0), 1));
  }
  return found;
}

/**
 * Whether the caller asks for HTML over JSON: a browser navigating (`text/html` named,
 * JSON only through a wildcard) does; `application/json`, `*∕*` or no header do not.
 *
 * @example
 * ```ts
 * prefersHtml('text/html,application/xhtml+xml,*∕*;q=0.8'); // true
 * prefersHtml('application/json'); // false
 * ```
 */
export function prefersHtml(accept: string | undefined): boolean {
  const q = qualities(accept);
  const html = Math.max(q.get('text/html') ?? 0, q.get('application/xhtml+xml') ?? 0);
  const json = q.get('application/json') ?? q.get('application/*') ?? q.get('*/*') ?? 0;
  return html > 0 && html > json;
}

/**
 * Portuguese unless the person prefers English over it.
 *
 * @example
 * ```ts
 * outcomeLanguage('en-US,en;q=0.9,pt;q=0.5'); // 'en'
 * outcomeLanguage(undefined); // 'pt-BR'
 * ```
 */
export function outcomeLanguage(acceptLanguage: string | undefined): OutcomeLanguage {
  let best: { language: OutcomeLanguage; q: number } = { language: 'pt-BR', q: 0 };
  for (const [tag, q] of qualities(acceptLanguage)) {
    const language = tag.startsWith('pt') ? 'pt-BR' : tag.startsWith('en') ? 'en' : null;
    if (language && q > best.q) best = { language, q };
  }
  return best.language;
}

interface Texts {
  title: string;
  heading: string;
  body: string;
}

const CLOSE = { 'pt-BR': 'Você já pode fechar esta aba.', en: 'You can close this tab now.' };

/** What to tell the person, by outcome and language. */
function textsOf(outcome: ConnectOutcome, language: OutcomeLanguage): Texts {
  const pt = language === 'pt-BR';
  if (outcome.kind === 'connected') {
    const names = outcome.usernames ?? [outcome.username];
    const skipped = outcome.refused
      ? pt
        ? ` ${outcome.refused} conta(s) das Páginas escolhidas não foi(ram) conectada(s); a resposta do servidor diz por quê.`
        : ` ${outcome.refused} account(s) of the chosen Pages were not connected; the server's answer says why.`
      : '';
    if (names.length > 1) {
      const list = names.map((name) => (name ? `@${name}` : '?')).join(', ');
      return {
        title: pt ? 'Contas conectadas' : 'Accounts connected',
        heading: pt ? `${names.length} contas conectadas` : `${names.length} accounts connected`,
        body:
          (pt
            ? `${list} estão conectadas ao Reelay e prontas para publicar.`
            : `${list} are connected to Reelay and ready to publish.`) + skipped,
      };
    }
    const who = outcome.username ? `@${outcome.username}` : pt ? 'A conta' : 'The account';
    return {
      title: pt ? 'Conta conectada' : 'Account connected',
      heading: pt ? 'Conta conectada' : 'Account connected',
      body:
        (pt
          ? `${who} está conectada ao Reelay e pronta para publicar.`
          : `${who} is connected to Reelay and ready to publish.`) + skipped,
    };
  }
  const refused = pt ? 'A conta não foi conectada' : 'The account was not connected';
  const reasons: Record<string, { 'pt-BR': string; en: string }> = {
    AUTHORIZATION_DENIED: {
      'pt-BR':
        'A autorização foi recusada na página do Instagram. Para conectar, comece de novo e escolha permitir.',
      en: 'Authorization was declined on the Instagram page. To connect, start again and choose to allow.',
    },
    ACCOUNT_NOT_BUSINESS: {
      'pt-BR':
        'É uma conta pessoal. Mude-a para conta profissional (comercial ou de criador de conteúdo) nas configurações do Instagram e conecte de novo.',
      en: 'This is a personal account. Switch it to a professional (business or creator) account in the Instagram settings and connect again.',
    },
    ACCOUNT_IN_USE: {
      'pt-BR':
        'Esta conta do Instagram já está conectada a outro perfil deste projeto. Desconecte-a lá antes de conectá-la aqui.',
      en: 'This Instagram account is already connected to another profile of this project. Disconnect it there before connecting it here.',
    },
    // Facebook Login: no chosen Page has a linked professional account.
    'ACCOUNT_NOT_BUSINESS:no_linked_account': {
      'pt-BR':
        'Nenhuma das Páginas do Facebook escolhidas tem uma conta profissional do Instagram vinculada. Vincule a conta do Instagram à Página (nas configurações da Página) e conecte de novo.',
      en: 'None of the chosen Facebook Pages has an Instagram professional account linked. Link the Instagram account to the Page (in the Page settings) and connect again.',
    },
    STATE_INVALID: {
      'pt-BR':
        'O link de conexão expirou ou já foi usado (ele vale 10 minutos). Comece a conexão de novo.',
      en: 'The connection link expired or was already used (it lasts 10 minutes). Start the connection again.',
    },
  };
  const reason = outcome.error.details?.reason;
  const known = ((typeof reason === 'string'
    ? reasons[`${outcome.error.code}:${reason}`]
    : undefined) ?? reasons[outcome.error.code])?.[language];
  return {
    title: refused,
    heading: refused,
    body:
      known ??
      (pt
        ? `${outcome.error.message} (código ${outcome.error.code})`
        : `The server answered ${outcome.error.code}: ${outcome.error.message}`),
  };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2328;background:#fff}' +
  '@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}}' +
  'h1{font-size:1.5rem}';
// The page's only style, allowed by its hash: no inline script, nothing from elsewhere.
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The policy of the page: it loads nothing, runs nothing and cannot be framed. */
export const OUTCOME_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/**
 * The page's HTML.
 *
 * @example
 * ```ts
 * renderOutcomePage({ kind: 'connected', username: 'cafe.aurora' }, 'en');
 * ```
 */
export function renderOutcomePage(outcome: ConnectOutcome, language: OutcomeLanguage): string {
  const texts = textsOf(outcome, language);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)} · Reelay</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(texts.heading)}</h1>
<p>${escapeHtml(texts.body)}</p>
<p>${CLOSE[language]}</p>
</main>
</body>
</html>
`;
}

/**
 * Answers the page, with the outcome's status (200, or the error's).
 *
 * @example
 * ```ts
 * if (prefersHtml(req.headers.accept)) sendOutcomePage(res, req.headers, outcome);
 * ```
 */
export function sendOutcomePage(
  res: ServerResponse,
  headers: IncomingHttpHeaders,
  outcome: ConnectOutcome,
): void {
  const html = renderOutcomePage(outcome, outcomeLanguage(headers['accept-language']));
  res.writeHead(outcome.kind === 'connected' ? 200 : outcome.error.statusCode, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
    'content-security-policy': OUTCOME_PAGE_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    vary: 'accept, accept-language',
  });
  res.end(html);
}
