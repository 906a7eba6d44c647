/** Media by address: the server downloads the file, and the item joins the draft. */
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { useT } from '../../i18n';
import { describedBy } from './field-note';

export function UrlImport({ onUrl }: { onUrl(url: string): Promise<void> }) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [importing, setImporting] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);

  async function importUrl() {
    const address = url.trim();
    if (!address) {
      setUrlError(t('compose.media.urlMissing'));
      return;
    }
    setImporting(true);
    setUrlError(null);
    try {
      await onUrl(address);
      setUrl('');
    } catch (error) {
      setUrlError(describeError(error));
    } finally {
      setImporting(false);
    }
  }

  return (
    <div class="url-import">
      <label for="compose-url">{t('compose.media.urlLabel')}</label>
      <div role="group" class="inline-fields">
        <input
          id="compose-url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          aria-invalid={urlError ? 'true' : undefined}
          aria-describedby={describedBy('compose-url-hint', urlError && 'compose-url-error')}
          onInput={(event) => setUrl(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter imports the address instead of sending the whole post.
            if (event.key === 'Enter') {
              event.preventDefault();
              void importUrl();
            }
          }}
        />
        <button
          type="button"
          class="secondary"
          aria-busy={importing ? 'true' : undefined}
          disabled={importing}
          onClick={() => void importUrl()}
        >
          {importing ? t('compose.media.importing') : t('compose.media.import')}
        </button>
      </div>
      <small id="compose-url-hint">{t('compose.media.urlHint')}</small>
      {urlError && (
        <small id="compose-url-error" class="field-error">
          {urlError}
        </small>
      )}
    </div>
  );
}
