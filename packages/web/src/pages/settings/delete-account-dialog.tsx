/**
 * Deleting the account, in a modal `<dialog>`: it says what goes, and the delete button
 * works only once the person has typed their e-mail address, so a slip of the keyboard
 * cannot erase everything. Escape or Cancel closes it; focus returns to what opened it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../../i18n';

export interface DeleteAccountDialogProps {
  email: string;
  busy: boolean;
  /** Why the deletion failed, shown in the dialog. */
  error: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Whether what was typed names the account: the e-mail, ignoring case and spaces around. */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase();
}

export function DeleteAccountDialog(props: DeleteAccountDialogProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const matches = confirmsEmail(typed, props.email);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-body"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <article>
        <h2 id="delete-account-title">{t('settings.deleteTitle')}</h2>
        <div id="delete-account-body">
          <p>{t('settings.deleteBody')}</p>
          <p>
            <strong>{t('settings.deleteIrreversible')}</strong>
          </p>
        </div>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (matches && !props.busy) props.onConfirm();
          }}
          noValidate
        >
          <label for="delete-account-confirm">
            {t('settings.deleteTypeEmail', { email: props.email })}
            <input
              id="delete-account-confirm"
              name="confirm"
              type="text"
              autocomplete="off"
              spellcheck={false}
              autofocus
              value={typed}
              onInput={(event) => setTyped(event.currentTarget.value)}
              aria-invalid={props.error ? 'true' : undefined}
              aria-describedby={props.error ? 'delete-account-error' : undefined}
            />
          </label>
          {props.error && (
            <p id="delete-account-error" role="alert" class="form-error">
              {props.error}
            </p>
          )}
          <footer class="dialog-actions">
            <button type="button" class="secondary" onClick={props.onCancel}>
              {t('settings.cancel')}
            </button>
            <button
              type="submit"
              class="danger"
              aria-busy={props.busy ? 'true' : undefined}
              disabled={!matches || props.busy}
            >
              {t('settings.deleteConfirm')}
            </button>
          </footer>
        </form>
      </article>
    </dialog>
  );
}
