/**
 * What `pnpm dev` prints once the environment is up, in the language of the locale
 * (LC_ALL, LC_MESSAGES, LANG; Portuguese without one), as every start-up text of Reelay
 * (docs/language.md). Commands, variables and URLs are the same in both languages.
 */
import type { UserLanguage } from '@reelay/core/runtime';

/** The values the banner shows. */
export interface DevBannerValues {
  publicUrl: string;
  emulatorUrl: string;
  facebookUrl: string;
  demoEmail: string;
  demoPassword: string;
  dataDir: string;
  webApp: string;
  exports: string;
  cliAlias: string;
}

/** The line `pnpm dev` prints while it builds the web app. */
export function buildingWebApp(language: UserLanguage): string {
  return language === 'en'
    ? 'Building the web app (packages/web)…'
    : 'Compilando o app web (packages/web)…';
}

/**
 * The banner, in English or Portuguese.
 *
 * @example
 * ```ts
 * console.log(devBanner(values, userLanguage()));
 * ```
 */
export function devBanner(v: DevBannerValues, language: UserLanguage): string {
  const curl = `  AT=$(node -e 'console.log(new Date(Date.now() + 70e3).toISOString())')
  curl -s -X POST "$REELAY_SERVER/v1/posts" -H "x-access-key: $REELAY_API_KEY" -H 'content-type: application/json' \\
    -d '{"content":"Olá do Reelay!","mediaItems":[{"mediaId":"'$REELAY_MEDIA_ID'"}],"platforms":[{"platform":"instagram","accountId":"'$REELAY_ACCOUNT_ID'"}],"scheduledFor":"'$AT'"}'`;
  const list = `curl -s "$REELAY_SERVER/v1/posts" -H "x-access-key: $REELAY_API_KEY"`;
  const facebook = `curl -s "$REELAY_SERVER/v1/connect/instagram?login=facebook" -H "x-access-key: $REELAY_API_KEY"`;
  const emulated = `curl -s "$REELAY_EMULATOR_URL/_emulator/media"`;
  if (language === 'en') {
    return `
Reelay is running (development): ${v.publicUrl}
  Instagram emulator: ${v.emulatorUrl} (Facebook Login: ${v.facebookUrl})   API reference: ${v.publicUrl}/docs
  Demo login: ${v.demoEmail} / ${v.demoPassword}   data: ${v.dataDir}

Web app, signed in as the demo user (the link works once; then sign in at ${v.publicUrl}/app):
  ${v.webApp}

In another terminal, set these:

export ${v.exports}
${v.cliAlias}

The reelay command reads those variables: try reelay status, reelay posts list, reelay completion bash.
Then schedule a post a little over a minute from now:

${curl}

Watch it publish: ${list}
The same through Facebook Login: use "$REELAY_FACEBOOK_ACCOUNT_ID" as the accountId.
Connect another account through a Facebook Page (the emulator's dialog lets you choose):
  ${facebook}
See it on the (emulated) Instagram: ${emulated}
Stop with Ctrl+C.
`;
  }
  return `
Reelay no ar (desenvolvimento): ${v.publicUrl}
  Emulador do Instagram: ${v.emulatorUrl} (Login do Facebook: ${v.facebookUrl})   Referência da API: ${v.publicUrl}/docs
  Login de demonstração: ${v.demoEmail} / ${v.demoPassword}   dados: ${v.dataDir}

App web, já com a sessão do usuário de demonstração (o link vale uma vez; depois entre em ${v.publicUrl}/app):
  ${v.webApp}

Em outro terminal, defina estas variáveis:

export ${v.exports}
${v.cliAlias}

O comando reelay lê essas variáveis: experimente reelay status, reelay posts list, reelay completion bash.
Depois agende um post para daqui a pouco mais de um minuto:

${curl}

Acompanhe a publicação: ${list}
O mesmo pelo Login do Facebook: use "$REELAY_FACEBOOK_ACCOUNT_ID" como accountId.
Conecte outra conta por uma Página do Facebook (o diálogo do emulador deixa escolher):
  ${facebook}
Veja no Instagram (emulado): ${emulated}
Pare com Ctrl+C.
`;
}
