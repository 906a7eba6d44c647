/** The import page's explanation, behind its heading's help button: the columns and a template. */
import { BULK_OPTIONAL_COLUMNS, BULK_REQUIRED_COLUMNS } from '@reelay/sdk';
import { useT } from '../../i18n';
import { sampleHref } from './sample-csv';

export function ImportHelp() {
  const t = useT();
  return (
    <>
      <p>{t('import.helpIntro')}</p>
      <p>{t('import.helpColumns')}</p>
      <ul>
        {[...BULK_REQUIRED_COLUMNS, ...BULK_OPTIONAL_COLUMNS].map((column) => (
          <li key={column}>{t(`import.columnHelp.${column}`)}</li>
        ))}
      </ul>
      <p>{t('import.helpRepeat')}</p>
      <p>
        <a href={sampleHref()} download="reelay-import.csv">
          {t('import.sample')}
        </a>
      </p>
    </>
  );
}
