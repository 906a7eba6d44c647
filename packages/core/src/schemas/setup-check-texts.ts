/**
 * The texts of the setup checks (`GET /v1/health/setup`, `reelay doctor`), in Portuguese
 * and English, keyed by each result's `reason`. The server writes `message` and `fix` in
 * Portuguese from here (the API speaks Portuguese); the CLI and other clients render the
 * same `reason` and `details` in the person's language. One table, so the two never say
 * different things.
 */

/** The languages the texts are written in. */
export type SetupCheckLanguage = 'pt-BR' | 'en';

/** Why a check ended as it did: one per distinct result of the checks. */
export const SETUP_CHECK_REASONS = [
  'public_url_ok',
  'public_url_problem',
  'fetch_back_skipped',
  'fetch_back_unreachable',
  'fetch_back_no_media',
  'fetch_back_no_range',
  'fetch_back_ok',
  'clock_unreachable',
  'clock_no_date',
  'clock_skew',
  'clock_ok',
  'credentials_missing',
  'credentials_unreachable',
  'credentials_refused',
  'credentials_ok',
  'redirect_uri',
  'meta_webhooks_missing',
  'meta_webhooks_ok',
  'accounts_none',
  'accounts_ok',
  'accounts_problems',
  'smtp_missing',
  'smtp_refused',
  'smtp_ok',
  'disk_unreadable',
  'disk_low',
  'disk_ok',
  'database_unreachable',
  'database_pending',
  'database_ok',
] as const;

export type SetupCheckReason = (typeof SETUP_CHECK_REASONS)[number];

/** The values a text is filled with: the check's `details`. */
export type SetupCheckParams = Readonly<Record<string, unknown>>;

/** One account's trouble in the `accounts` check. */
export interface SetupAccountProblem {
  id: string;
  username: string | null;
  /** `reconnect`, `expired`, `expiring` (with `days`) or `scopes` (with `missingScopes`). */
  kind: 'reconnect' | 'expired' | 'expiring' | 'scopes';
  days?: number;
  missingScopes?: readonly string[];
}

interface CheckText {
  message(params: SetupCheckParams): string;
  fix?(params: SetupCheckParams): string;
}

const str = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(str) : []);
const MIB = 1024 * 1024;
const mib = (bytes: unknown): number => Math.floor(Number(bytes) / MIB);

/**
 * The server's address policy names the kind of a refused address in Portuguese (it is
 * part of API messages); these are the English words for the kinds it can name.
 */
const ADDRESS_KINDS_EN: Readonly<Record<string, string>> = {
  'endereço de loopback': 'loopback address',
  'endereço privado': 'private address',
  'endereço link-local': 'link-local address',
  'endereço de metadados da nuvem': 'cloud metadata address',
  'endereço inválido': 'invalid address',
};

function addressKindEn(kind: string): string {
  const reserved = /^endereço reservado \((.+)\)$/.exec(kind);
  if (reserved) return `reserved address (${reserved[1]})`;
  return ADDRESS_KINDS_EN[kind] ?? kind;
}

/** What is wrong with the public URL, in each language. */
function publicUrlProblems(params: SetupCheckParams, language: SetupCheckLanguage): string[] {
  const pt = language === 'pt-BR';
  const problems: string[] = [];
  if (params.scheme !== 'https') {
    problems.push(
      pt ? `usa ${str(params.scheme)}, não https` : `uses ${str(params.scheme)}, not https`,
    );
  }
  if (params.address) {
    problems.push(
      pt
        ? `${str(params.host)} resolve para ${str(params.address)} (${str(params.addressKind)})`
        : `${str(params.host)} resolves to ${str(params.address)} (${addressKindEn(str(params.addressKind))})`,
    );
  } else if (params.resolveError) {
    problems.push(
      pt
        ? `${str(params.host)} não resolve: ${str(params.resolveError)}`
        : `${str(params.host)} does not resolve: ${str(params.resolveError)}`,
    );
  }
  return problems;
}

function accountProblem(problem: SetupAccountProblem, language: SetupCheckLanguage): string {
  const name = `@${problem.username ?? problem.id}`;
  const scopes = (problem.missingScopes ?? []).join(', ');
  if (language === 'pt-BR') {
    const what = {
      reconnect: 'precisa ser reconectada',
      expired: 'o token expirou',
      expiring: `o token expira em ${str(problem.days)} dia(s)`,
      scopes: `faltam as permissões ${scopes}`,
    }[problem.kind];
    return `${name}: ${what}`;
  }
  const what = {
    reconnect: 'must be reconnected',
    expired: 'the token has expired',
    expiring: `the token expires in ${str(problem.days)} day(s)`,
    scopes: `permissions missing: ${scopes}`,
  }[problem.kind];
  return `${name}: ${what}`;
}

const accountsOf = (params: SetupCheckParams): SetupAccountProblem[] =>
  Array.isArray(params.accounts) ? (params.accounts as SetupAccountProblem[]) : [];

const PT: Record<SetupCheckReason, CheckText> = {
  public_url_ok: {
    message: (p) => `${str(p.publicUrl)} é https e resolve para endereços públicos.`,
  },
  public_url_problem: {
    message: (p) =>
      `REELAY_PUBLIC_URL ${publicUrlProblems(p, 'pt-BR').join('; ')}.` +
      (p.privateAllowed
        ? ' Aceito só para desenvolvimento (REELAY_ALLOW_PRIVATE_URLS): a Meta não alcança este endereço.'
        : ''),
    fix: () =>
      'Defina REELAY_PUBLIC_URL com o endereço https pelo qual a internet alcança este servidor (um domínio com certificado, atrás de um proxy reverso ou túnel). A Meta só busca mídia e chama callbacks em endereços públicos.',
  },
  fetch_back_skipped: {
    message: () =>
      'A URL pública não é um endereço público: não dá para saber, de dentro do servidor, se a Meta consegue buscar a mídia por ela.',
    fix: () => 'Corrija primeiro a verificação public_url.',
  },
  fetch_back_unreachable: {
    message: (p) => `${str(p.publicUrl)}/healthz não respondeu pela URL pública (${str(p.why)}).`,
    fix: () =>
      'Confira o DNS, o proxy reverso e o firewall: a URL pública precisa encaminhar para este servidor, inclusive /media/.',
  },
  fetch_back_no_media: {
    message: (p) =>
      `A URL pública leva a este servidor. ${deliveryPt(p)} Ainda não há mídia no projeto para conferir o pedido parcial (Range).`,
  },
  fetch_back_no_range: {
    message: (p) =>
      `Um arquivo de mídia não voltou em parte (Range: bytes=0-99 deveria responder 206; respondeu ${str(p.why)}). ${deliveryPt(p)}`,
    fix: (p) =>
      p.presigned
        ? 'Confira se o endpoint do bucket (REELAY_S3_ENDPOINT) é alcançável da internet por https e se as credenciais S3 podem ler o objeto: a URL assinada não precisa de acesso público ao bucket.'
        : 'Confira se o proxy reverso repassa /media/ e o cabeçalho Range sem guardar nem alterar a resposta.',
  },
  fetch_back_ok: {
    message: (p) => `Um arquivo de mídia voltou em parte pela URL pública (206). ${deliveryPt(p)}`,
  },
  clock_unreachable: {
    message: (p) => `A plataforma (${str(p.graphUrl)}) não respondeu: ${str(p.error)}.`,
    fix: () => 'Confira se o servidor alcança a internet (DNS, proxy de saída, firewall).',
  },
  clock_no_date: {
    message: () => 'A plataforma respondeu sem cabeçalho Date: não há com o que comparar.',
  },
  clock_skew: {
    message: (p) =>
      `O relógio do servidor está ${Math.abs(Number(p.skewSeconds))} s ${Number(p.skewSeconds) > 0 ? 'adiantado' : 'atrasado'} em relação à plataforma.`,
    fix: () => 'Sincronize o relógio do sistema (NTP: chrony ou systemd-timesyncd).',
  },
  clock_ok: {
    message: (p) => `O relógio difere ${Math.abs(Number(p.skewSeconds))} s da plataforma.`,
  },
  credentials_missing: {
    message: (p) => `Faltam as credenciais do app: ${list(p.missing).join(', ')}.`,
    fix: (p) =>
      `Defina ${list(p.missing).join(' e ')} com o id e a chave secreta do app da Meta (painel do app, Instagram → Configuração da API com login do Instagram).`,
  },
  credentials_unreachable: {
    message: (p) => `A plataforma não respondeu ao conferir as credenciais: ${str(p.error)}.`,
    fix: () => 'Confira se o servidor alcança a internet e o valor de INSTAGRAM_GRAPH_URL.',
  },
  credentials_refused: {
    message: (p) =>
      `A plataforma recusou as credenciais do app (HTTP ${str(p.httpStatus)}${p.platformMessage ? `: ${str(p.platformMessage)}` : ''}).`,
    fix: () =>
      'Confira INSTAGRAM_APP_ID e INSTAGRAM_APP_SECRET: copie de novo o id e a chave secreta do app no painel da Meta (a chave muda quando é redefinida).',
  },
  credentials_ok: { message: () => 'A plataforma aceitou o id e a chave secreta do app.' },
  redirect_uri: {
    message: (p) =>
      `Cadastre ${str(p.redirectUri)} como URI de redirecionamento OAuth válida no app da Meta.`,
  },
  meta_webhooks_missing: {
    message: () =>
      'META_WEBHOOK_VERIFY_TOKEN não está definido: a caixa de entrada busca comentários e menções periodicamente em vez de recebê-los na hora.',
    fix: (p) =>
      `Defina META_WEBHOOK_VERIFY_TOKEN e cadastre ${str(p.callbackUrl)} como URL de callback dos webhooks no app da Meta, com o mesmo token.`,
  },
  meta_webhooks_ok: {
    message: (p) =>
      `Webhooks prontos: cadastre ${str(p.callbackUrl)} como URL de callback no app da Meta, com o token de META_WEBHOOK_VERIFY_TOKEN.`,
  },
  accounts_none: { message: () => 'Nenhuma conta conectada neste projeto.' },
  accounts_ok: {
    message: (p) =>
      `${str(p.count)} conta(s) conectada(s) com token válido e as permissões pedidas.`,
  },
  accounts_problems: {
    message: (p) =>
      `${accountsOf(p)
        .map((a) => accountProblem(a, 'pt-BR'))
        .join('; ')}.`,
    fix: () =>
      'Reconecte as contas indicadas (Contas → Reconectar, ou `reelay accounts connect`): a reconexão traz um token novo e as permissões que faltam.',
  },
  smtp_missing: {
    message: () =>
      'SMTP não configurado: convites não são enviados por e-mail, só mostrados como links para copiar.',
    fix: () =>
      'Defina REELAY_SMTP_URL (por exemplo smtp://usuario:senha@smtp.example.com:587) e, se quiser, REELAY_SMTP_FROM.',
  },
  smtp_refused: {
    message: (p) => `O servidor SMTP não aceitou a conexão: ${str(p.error)}.`,
    fix: () => 'Confira o endereço, a porta, o usuário e a senha em REELAY_SMTP_URL.',
  },
  smtp_ok: { message: () => 'O servidor SMTP aceitou a conexão e a autenticação.' },
  disk_unreadable: {
    message: (p) => `Não foi possível ler a pasta de dados ${str(p.dataDir)}: ${str(p.error)}.`,
    fix: () => 'Confira REELAY_DATA_DIR e as permissões da pasta.',
  },
  disk_low: {
    message: (p) => `Só ${mib(p.freeBytes)} MiB livres em ${str(p.dataDir)}.`,
    fix: () => 'Libere espaço no disco da pasta de dados (REELAY_DATA_DIR) ou aumente o volume.',
  },
  disk_ok: { message: (p) => `${mib(p.freeBytes)} MiB livres em ${str(p.dataDir)}.` },
  database_unreachable: {
    message: (p) => `O banco de dados não respondeu: ${str(p.error)}.`,
    fix: () => 'Confira DATABASE_URL e se o banco está no ar.',
  },
  database_pending: {
    message: (p) => `Faltam ${list(p.pending).length} migrações no banco de dados.`,
    fix: () => 'Reinicie o servidor: ele aplica as migrações ao iniciar.',
  },
  database_ok: {
    message: () => 'O banco de dados responde e as migrações estão em dia.',
  },
};

function deliveryPt(params: SetupCheckParams): string {
  return params.presigned
    ? 'A mídia é entregue por URLs assinadas do bucket (REELAY_MEDIA_DELIVERY=presigned): o caminho que a Meta busca é o do bucket.'
    : 'A mídia é entregue por /media/ desta URL pública.';
}

function deliveryEn(params: SetupCheckParams): string {
  return params.presigned
    ? 'Media is delivered by presigned bucket URLs (REELAY_MEDIA_DELIVERY=presigned): Instagram fetches from the bucket.'
    : 'Media is delivered by /media/ of this public URL.';
}

const EN: Record<SetupCheckReason, CheckText> = {
  public_url_ok: {
    message: (p) => `${str(p.publicUrl)} is https and resolves to public addresses.`,
  },
  public_url_problem: {
    message: (p) =>
      `REELAY_PUBLIC_URL ${publicUrlProblems(p, 'en').join('; ')}.` +
      (p.privateAllowed
        ? ' Accepted for development only (REELAY_ALLOW_PRIVATE_URLS): Meta cannot reach this address.'
        : ''),
    fix: () =>
      'Set REELAY_PUBLIC_URL to the https address by which the internet reaches this server (a domain with a certificate, behind a reverse proxy or a tunnel). Meta fetches media and calls back only on public addresses.',
  },
  fetch_back_skipped: {
    message: () =>
      'The public URL is not a public address: from inside the server there is no telling whether Meta can fetch media through it.',
    fix: () => 'Fix the public_url check first.',
  },
  fetch_back_unreachable: {
    message: (p) =>
      `${str(p.publicUrl)}/healthz did not answer through the public URL (${str(p.why)}).`,
    fix: () =>
      'Check the DNS, the reverse proxy and the firewall: the public URL must lead to this server, /media/ included.',
  },
  fetch_back_no_media: {
    message: (p) =>
      `The public URL leads to this server. ${deliveryEn(p)} The project has no media yet to check a partial request (Range).`,
  },
  fetch_back_no_range: {
    message: (p) =>
      `A media file did not come back in part (Range: bytes=0-99 should answer 206; it answered ${str(p.why)}). ${deliveryEn(p)}`,
    fix: (p) =>
      p.presigned
        ? 'Check that the bucket endpoint (REELAY_S3_ENDPOINT) is reachable from the internet over https and that the S3 credentials can read the object: a presigned URL needs no public access to the bucket.'
        : 'Check that the reverse proxy passes /media/ and the Range header on without caching or changing the answer.',
  },
  fetch_back_ok: {
    message: (p) => `A media file came back in part through the public URL (206). ${deliveryEn(p)}`,
  },
  clock_unreachable: {
    message: (p) => `The platform (${str(p.graphUrl)}) did not answer: ${str(p.error)}.`,
    fix: () => 'Check that the server reaches the internet (DNS, outbound proxy, firewall).',
  },
  clock_no_date: {
    message: () => 'The platform answered without a Date header: nothing to compare with.',
  },
  clock_skew: {
    message: (p) =>
      `The server's clock is ${Math.abs(Number(p.skewSeconds))} s ${Number(p.skewSeconds) > 0 ? 'ahead of' : 'behind'} the platform.`,
    fix: () => 'Synchronise the system clock (NTP: chrony or systemd-timesyncd).',
  },
  clock_ok: {
    message: (p) =>
      `The clock differs from the platform's by ${Math.abs(Number(p.skewSeconds))} s.`,
  },
  credentials_missing: {
    message: (p) => `The app credentials are missing: ${list(p.missing).join(', ')}.`,
    fix: (p) =>
      `Set ${list(p.missing).join(' and ')} to the Meta app's id and secret (app dashboard, Instagram → API setup with Instagram login).`,
  },
  credentials_unreachable: {
    message: (p) => `The platform did not answer the credentials check: ${str(p.error)}.`,
    fix: () => 'Check that the server reaches the internet, and the value of INSTAGRAM_GRAPH_URL.',
  },
  credentials_refused: {
    message: (p) =>
      `The platform refused the app credentials (HTTP ${str(p.httpStatus)}${p.platformMessage ? `: ${str(p.platformMessage)}` : ''}).`,
    fix: () =>
      "Check INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET: copy the app's id and secret again from the Meta dashboard (the secret changes when it is reset).",
  },
  credentials_ok: { message: () => "The platform accepted the app's id and secret." },
  redirect_uri: {
    message: (p) => `Register ${str(p.redirectUri)} as a valid OAuth redirect URI in the Meta app.`,
  },
  meta_webhooks_missing: {
    message: () =>
      'META_WEBHOOK_VERIFY_TOKEN is not set: the inbox polls for comments and mentions instead of receiving them at once.',
    fix: (p) =>
      `Set META_WEBHOOK_VERIFY_TOKEN and register ${str(p.callbackUrl)} as the webhooks callback URL in the Meta app, with the same token.`,
  },
  meta_webhooks_ok: {
    message: (p) =>
      `Webhooks ready: register ${str(p.callbackUrl)} as the callback URL in the Meta app, with the token of META_WEBHOOK_VERIFY_TOKEN.`,
  },
  accounts_none: { message: () => 'No account is connected in this project.' },
  accounts_ok: {
    message: (p) =>
      `${str(p.count)} connected account(s) with a valid token and the permissions asked for.`,
  },
  accounts_problems: {
    message: (p) =>
      `${accountsOf(p)
        .map((a) => accountProblem(a, 'en'))
        .join('; ')}.`,
    fix: () =>
      'Reconnect the accounts named (Accounts → Reconnect, or `reelay accounts connect`): reconnecting brings a new token and the missing permissions.',
  },
  smtp_missing: {
    message: () =>
      'SMTP is not set up: invitations are not sent by email, only shown as links to copy.',
    fix: () =>
      'Set REELAY_SMTP_URL (for example smtp://user:password@smtp.example.com:587) and, if you like, REELAY_SMTP_FROM.',
  },
  smtp_refused: {
    message: (p) => `The SMTP server did not accept the connection: ${str(p.error)}.`,
    fix: () => 'Check the address, port, user and password in REELAY_SMTP_URL.',
  },
  smtp_ok: { message: () => 'The SMTP server accepted the connection and the login.' },
  disk_unreadable: {
    message: (p) => `The data folder ${str(p.dataDir)} could not be read: ${str(p.error)}.`,
    fix: () => "Check REELAY_DATA_DIR and the folder's permissions.",
  },
  disk_low: {
    message: (p) => `Only ${mib(p.freeBytes)} MiB free in ${str(p.dataDir)}.`,
    fix: () => "Free space on the data folder's disk (REELAY_DATA_DIR) or grow the volume.",
  },
  disk_ok: { message: (p) => `${mib(p.freeBytes)} MiB free in ${str(p.dataDir)}.` },
  database_unreachable: {
    message: (p) => `The database did not answer: ${str(p.error)}.`,
    fix: () => 'Check DATABASE_URL and that the database is up.',
  },
  database_pending: {
    message: (p) => `The database is missing ${list(p.pending).length} migration(s).`,
    fix: () => 'Restart the server: it applies migrations when it starts.',
  },
  database_ok: { message: () => 'The database answers and its migrations are up to date.' },
};

const TEXTS: Record<SetupCheckLanguage, Record<SetupCheckReason, CheckText>> = {
  'pt-BR': PT,
  en: EN,
};

/**
 * Whether `reason` is one this version knows (a newer server may send others).
 *
 * @example
 * ```ts
 * isSetupCheckReason('disk_ok'); // true
 * ```
 */
export function isSetupCheckReason(reason: unknown): reason is SetupCheckReason {
  return typeof reason === 'string' && (SETUP_CHECK_REASONS as readonly string[]).includes(reason);
}

/**
 * A setup check's message and fix in `language`, from its reason and details.
 *
 * @example
 * ```ts
 * describeSetupCheck('disk_low', { freeBytes: 50 * 1024 * 1024, dataDir: '/data' }, 'en');
 * // { message: 'Only 50 MiB free in /data.', fix: 'Free space on …' }
 * ```
 */
export function describeSetupCheck(
  reason: SetupCheckReason,
  params: SetupCheckParams,
  language: SetupCheckLanguage,
): { message: string; fix?: string } {
  const text = TEXTS[language][reason];
  const fix = text.fix?.(params);
  return { message: text.message(params), ...(fix ? { fix } : {}) };
}
