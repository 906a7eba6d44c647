/**
 * Marks for the browser's performance panel (and bench/web-calendar.ts): posts in hand,
 * then drawn. One pair of marks at a time: the page reads the posts again every minute.
 */

/** The posts are in hand. */
export function markData(posts: number): void {
  performance.clearMarks('reelay:calendar-data');
  performance.clearMarks('reelay:calendar-rendered');
  performance.clearMeasures('reelay:calendar-render');
  performance.mark('reelay:calendar-data', { detail: { posts } });
}

/** Two frames after the calendar took the posts: they are drawn. */
export function markRendered(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      performance.mark('reelay:calendar-rendered');
      performance.measure(
        'reelay:calendar-render',
        'reelay:calendar-data',
        'reelay:calendar-rendered',
      );
    }),
  );
}
