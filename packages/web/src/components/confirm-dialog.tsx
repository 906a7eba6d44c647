/**
 * A confirmation in a modal `<dialog>`: the browser traps focus inside it and closes it
 * with Escape; focus returns to what opened it.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

export interface ConfirmDialogProps {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  cancelLabel: string;
  /** Whether the confirmed action is running (the confirm button shows it). */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <article>
        <h2 id={titleId}>{props.title}</h2>
        <div id={bodyId}>{props.children}</div>
        <footer>
          <button type="button" class="secondary" onClick={props.onCancel} autofocus>
            {props.cancelLabel}
          </button>
          <button
            type="button"
            class="danger"
            onClick={props.onConfirm}
            aria-busy={props.busy ? 'true' : undefined}
            disabled={props.busy}
          >
            {props.confirmLabel}
          </button>
        </footer>
      </article>
    </dialog>
  );
}
