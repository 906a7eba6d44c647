/**
 * Every text of the app, in Portuguese (Brazil) and English. The language is the one the
 * person chose in the app (kept in localStorage), else the first of the browser's
 * languages the app has, else English for a browser that names only other languages, and
 * Portuguese when it names none: the rule of docs/language.md, as the CLI applies it to
 * the locale.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { useEffect, useState } from 'preact/hooks';
import { en } from './en';
import { ptBR } from './pt-BR';

export const LANGUAGES = [
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'en', name: 'English' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'reelay.language';

/** The app's language for a list of browser language tags (`navigator.languages`). */
export function languageFor(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('pt')) return 'pt-BR';
    if (lower.startsWith('en')) return 'en';
  }
  return tags.some((tag) => tag.trim() !== '') ? 'en' : 'pt-BR';
}

function initialLanguage(): Language {
  const stored = readStorage(STORAGE_KEY);
  if (LANGUAGES.some((language) => language.code === stored)) return stored as Language;
  return languageFor(navigator.languages ?? [navigator.language]);
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: the browser's language is used
  }
}

export const i18n: I18n = i18next.createInstance();
void i18n.init({
  lng: initialLanguage(),
  fallbackLng: 'pt-BR',
  supportedLngs: LANGUAGES.map((language) => language.code),
  resources: { 'pt-BR': { translation: ptBR }, en: { translation: en } },
  // Preact escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18n.language;

/** The translation function of the current language. */
export const t = (key: string, options?: Record<string, unknown>): string =>
  i18n.t(key, options ?? {});

/** The current language. */
export function currentLanguage(): Language {
  return i18n.language as Language;
}

/** Switches the language, remembers the choice and updates `<html lang>`. */
export async function setLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not remembered; still switched for this visit
  }
}

/**
 * Re-renders the component when the language changes; returns `t`.
 *
 * @example
 * ```tsx
 * const t = useT();
 * return <h1>{t('accounts.title')}</h1>;
 * ```
 */
export function useT(): typeof t {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const changed = () => setVersion((version) => version + 1);
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, []);
  return t;
}

/** Dates and times as people of the current language write them. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
