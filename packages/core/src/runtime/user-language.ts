/**
 * The language of the user's locale, the rule every text for people follows (the CLI,
 * the server's start-up texts, `pnpm dev`; docs/language.md): the POSIX locale variables,
 * read in their own order of precedence. Zero imports, so the Node version check can use
 * it before any dependency loads.
 */

/** The two languages start-up texts are written in. */
export type UserLanguage = 'pt-BR' | 'en';

/**
 * Picks the language from `LC_ALL`, then `LC_MESSAGES`, then `LANG` (the first one set
 * wins, as in every POSIX program). Portuguese for `pt*` locales and when no real locale
 * is set (`C`, `POSIX` or nothing), the language of the API's messages; English for any
 * other language. The CLI puts `--lang` and `reelay config set lang` before it.
 *
 * @example
 * ```ts
 * userLanguage({ LANG: 'pt_BR.UTF-8' }); // 'pt-BR'
 * userLanguage({ LANG: 'pt_BR.UTF-8', LC_ALL: 'en_US.UTF-8' }); // 'en'
 * userLanguage({ LANG: 'C.UTF-8' }); // 'pt-BR'
 * ```
 */
export function userLanguage(env: Record<string, string | undefined> = process.env): UserLanguage {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value) ?? '';
  const language = locale.split(/[_.@-]/)[0]!.toLowerCase();
  if (language === '' || language === 'c' || language === 'posix' || language === 'pt') {
    return 'pt-BR';
  }
  return 'en';
}
