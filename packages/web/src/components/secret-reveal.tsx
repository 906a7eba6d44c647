/**
 * A secret the server shows once (a new API key, a webhook's signing secret): in a
 * read-only field, with a copy button and a plain warning that it will not be shown
 * again. Focus moves to it when it appears, so it is read out at once; it stays until
 * the person says it is saved.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n';

export interface SecretRevealProps {
  /** What the secret is, as a heading: "Your new API key". */
  title: string;
  /** The field's label: "API key". */
  label: string;
  secret: string;
  /** What to do with it, shown under the warning. */
  hint?: string;
  onDone(): void;
}

/**
 * Copies `text`: with the Clipboard API where the browser offers it, else by selecting
 * `field` and the older copy command. Answers whether it worked.
 *
 * @example
 * ```ts
 * const copied = await copyText(secret, inputRef.current);
 * ```
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, not a secure context): try the older way
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export function SecretReveal({ title, label, secret, hint, onDone }: SecretRevealProps) {
  const t = useT();
  const titleId = useId();
  const fieldId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => heading.current?.focus(), [secret]);

  async function copySecret() {
    setCopy((await copyText(secret, field.current)) ? 'copied' : 'failed');
  }

  return (
    <section class="notice secret-reveal" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>
        <strong>{t('secret.onlyOnce')}</strong> {hint}
      </p>
      <label for={fieldId}>{label}</label>
      <div class="secret-row">
        <input
          ref={field}
          id={fieldId}
          type="text"
          readOnly
          value={secret}
          spellcheck={false}
          autocomplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" onClick={() => void copySecret()}>
          {t('secret.copy')}
        </button>
      </div>
      <p role="status" class="live">
        {copy === 'copied' ? t('secret.copied') : copy === 'failed' ? t('secret.copyFailed') : ''}
      </p>
      <button type="button" class="secondary" onClick={onDone}>
        {t('secret.done')}
      </button>
    </section>
  );
}
