/**
 * Whether the menu is open, and who opened it. Two buttons open the same menu (the
 * banner's, and the phone's bar's "More"): closing with Escape brings the focus back to
 * the one that opened it. The menu closes on a navigation, on a click outside it and when
 * the focus leaves it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

/** The menu's element id, which its buttons name in `aria-controls`. */
export const MENU_ID = 'app-menu';

export interface Menu {
  open: boolean;
  /** Opens the menu from `opener`, or closes it when open. */
  toggle(opener: HTMLElement): void;
  /** Closes the menu; with `refocus`, the focus goes back to the button that opened it. */
  close(refocus?: boolean): void;
}

/** Whether `node` is the menu or in it, or one of the buttons that open it. */
function belongsToMenu(node: EventTarget | null): boolean {
  if (!(node instanceof Element)) return false;
  return node.closest(`#${MENU_ID}, [aria-controls="${MENU_ID}"]`) !== null;
}

/**
 * @param path - The current location: a navigation closes the menu.
 * @example
 * ```tsx
 * const menu = useMenu(path);
 * <button aria-expanded={menu.open} onClick={(e) => menu.toggle(e.currentTarget)}>Menu</button>
 * ```
 */
export function useMenu(path: string): Menu {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const close = (refocus = false) => {
    setOpen(false);
    if (refocus) opener.current?.focus();
  };

  useEffect(() => setOpen(false), [path]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!belongsToMenu(event.target)) close();
    };
    // Tabbing out of the menu (not to a button that opens it) closes it.
    const onFocus = (event: FocusEvent) => {
      if (!belongsToMenu(event.target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return {
    open,
    toggle(element) {
      if (open) return close();
      opener.current = element;
      setOpen(true);
    },
    close,
  };
}
