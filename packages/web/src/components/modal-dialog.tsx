/**
 * A modal `<dialog>` with a heading, a body and a footer of actions: the browser traps
 * focus inside it and closes it with Escape; focus returns to what opened it. The
 * confirmation dialog is the same pattern with two fixed buttons.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

export interface ModalDialogProps {
  title: string;
  children: ComponentChildren;
  /** The buttons at the bottom. */
  footer: ComponentChildren;
  /** Escape, or the caller's own close button. */
  onClose(): void;
  /** A class on the `<dialog>`, for a wider layout. */
  class?: string;
}

/**
 * @example
 * ```tsx
 * <ModalDialog title="Mídia" footer={<button onClick={close}>Fechar</button>} onClose={close}>
 *   <p>…</p>
 * </ModalDialog>
 * ```
 */
export function ModalDialog(props: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      // The opener may be gone (a list drawn again): focus then stays where the page puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      class={props.class}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <article>
        <h2 id={titleId}>{props.title}</h2>
        {props.children}
        <footer>{props.footer}</footer>
      </article>
    </dialog>
  );
}
