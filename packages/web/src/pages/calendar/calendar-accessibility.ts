/**
 * FullCalendar names each day cell with its date (`aria-label`), which hides the posts
 * inside from a screen reader moving through the grid, and names a cell by words that are
 * not all of its visible text. The date becomes the cell's description instead, so the
 * cell reads as its posts, then its date.
 */

/** Turns one day cell's name into its description (cells are handled as they mount). */
export function describeDay(cell: HTMLElement): void {
  const label = cell.getAttribute('aria-label');
  if (cell.getAttribute('role') !== 'gridcell' || label === null) return;
  cell.setAttribute('aria-description', label);
  cell.removeAttribute('aria-label');
}

/**
 * Catches a label set again later (another language) under `root`; answers the function
 * that stops watching. Only that attribute is watched: drawing events records nothing.
 *
 * @example
 * ```ts
 * const stop = keepDaysDescribed(host);
 * ```
 */
export function keepDaysDescribed(root: HTMLElement): () => void {
  const labels = new MutationObserver(() => {
    for (const cell of root.querySelectorAll<HTMLElement>('[role="gridcell"][aria-label]')) {
      describeDay(cell);
    }
  });
  labels.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => labels.disconnect();
}
