/**
 * The CLI's texts in Portuguese (Brazil) and English, through i18next. The language is
 * picked once per run, before the command table is built (help texts are translated
 * too): `--lang`, else the `lang` key of the configuration, else the locale variables
 * (`LC_ALL`, `LC_MESSAGES`, `LANG`), else Portuguese. The rule is docs/language.md.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { userLanguage, type UserLanguage } from '@reelay/core/runtime';
import { en } from './en';
import { ptBR, type Messages } from './pt-BR';

/** The languages the CLI speaks. */
export type Language = UserLanguage;

/** Every language, as accepted by `--lang` and `reelay config set lang`. */
export const LANGUAGES: readonly Language[] = ['pt-BR', 'en'];

type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A text's key, `group.name` (`help.program`), checked against the catalogue. */
export type MessageKey = KeyPaths<Messages>;

/**
 * Reads a language name as people type it (`en`, `en_US.UTF-8`, `pt`, `pt-br`), or
 * `undefined` for one the CLI does not speak.
 *
 * @example
 * ```ts
 * parseLanguage('pt_BR.UTF-8'); // 'pt-BR'
 * parseLanguage('EN'); // 'en'
 * parseLanguage('fr'); // undefined
 * ```
 */
export function parseLanguage(value: string | undefined): Language | undefined {
  const base = (value ?? '')
    .trim()
    .split(/[_.@-]/)[0]!
    .toLowerCase();
  if (base === 'pt') return 'pt-BR';
  if (base === 'en') return 'en';
  return undefined;
}

/**
 * The value of `--lang` in a command line (`--lang en` or `--lang=en`), read before
 * commander parses it, since the help commander prints must already be translated.
 *
 * @example
 * ```ts
 * langFlag(['node', 'reelay', '--lang', 'en', '--help']); // 'en'
 * ```
 */
export function langFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') break;
    if (word === '--lang') return argv[i + 1];
    if (word.startsWith('--lang=')) return word.slice('--lang='.length);
  }
  return undefined;
}

/**
 * The language of one run: `--lang`, else the configured one, else the locale
 * variables (see {@link userLanguage}: `pt*` is Portuguese, any other language English,
 * no locale at all Portuguese). A `--lang` the CLI does not speak falls through, and
 * commander then refuses it with the list of valid values.
 *
 * @example
 * ```ts
 * chooseLanguage({ flag: undefined, configured: 'en', env: { LANG: 'pt_BR.UTF-8' } }); // 'en'
 * ```
 */
export function chooseLanguage(input: {
  flag: string | undefined;
  configured: string | undefined;
  env: Record<string, string | undefined>;
}): Language {
  return parseLanguage(input.flag) ?? parseLanguage(input.configured) ?? userLanguage(input.env);
}

let instance: I18n | undefined;
let language: Language = userLanguage(process.env);

/**
 * Sets the language of every text that follows.
 *
 * @example
 * ```ts
 * setLanguage('en');
 * t('errors.prefix'); // 'error'
 * ```
 */
export function setLanguage(next: Language): void {
  language = next;
  if (instance) void instance.changeLanguage(next);
}

/** The language texts are in now. */
export function currentLanguage(): Language {
  return language;
}

function translator(): I18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: false,
      resources: { 'pt-BR': { translation: ptBR }, en: { translation: en } },
      // Terminal text, not HTML.
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return instance;
}

/**
 * The text of `key` in the current language, with `{{name}}` placeholders filled in.
 *
 * @example
 * ```ts
 * t('config.contextInUse', { name: 'producao' }); // 'Context "producao" in use.'
 * ```
 */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return lookUp(key, values) ?? key;
}

/**
 * The text of a key through i18next's resource store and interpolator, skipping its full
 * `t()` (options, nesting, post-processors): `reelay --help` reads some 300 texts before
 * printing, and the full path costs about ten times as much per text.
 */
function lookUp(key: string, values?: Record<string, string | number>): string | undefined {
  const i = translator();
  const text: unknown = i.getResource(language, 'translation', key);
  if (typeof text !== 'string') return undefined;
  if (values === undefined || !text.includes('{{')) return text;
  return i.services.interpolator.interpolate(text, values, language, {});
}

/**
 * The text of a key built at run time (an error code the server sends, which may be one
 * this version has never seen), or `undefined` when the catalogue does not have it.
 *
 * @example
 * ```ts
 * tDynamic('apiErrors.NOT_FOUND'); // 'Recurso não encontrado.'
 * tDynamic('apiErrors.SOMETHING_NEW'); // undefined
 * ```
 */
export function tDynamic(
  key: string,
  values?: Record<string, string | number>,
): string | undefined {
  return lookUp(key, values);
}
