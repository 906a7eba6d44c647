/** Switches the app's language; the choice is remembered in this browser. */
import { currentLanguage, LANGUAGES, setLanguage, useT, type Language } from '../i18n';

export function LanguageSelect() {
  const t = useT();
  return (
    <select
      aria-label={t('language.label')}
      value={currentLanguage()}
      onChange={(event) => void setLanguage(event.currentTarget.value as Language)}
    >
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
