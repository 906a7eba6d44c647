/**
 * Whether the viewport is at least 1024 px wide (64em, as the style sheet's breakpoint):
 * there the project switcher is in the banner, narrower in the menu. Only one of them is
 * rendered, so the page never has two controls of the same name.
 */
import { useEffect, useState } from 'preact/hooks';

const WIDE = '(min-width: 64em)';

/**
 * @example
 * ```tsx
 * const wide = useWide();
 * ```
 */
export function useWide(): boolean {
  const [wide, setWide] = useState(() => matchMedia(WIDE).matches);
  useEffect(() => {
    const query = matchMedia(WIDE);
    const changed = () => setWide(query.matches);
    query.addEventListener('change', changed);
    changed();
    return () => query.removeEventListener('change', changed);
  }, []);
  return wide;
}
