/**
 * The mark of a post that is an occurrence of a series, drawn with the DOM (the calendar
 * draws hundreds of events): a circular arrow whose accessible name says "Part of a
 * series, 3 of 12". Also what the hover card says of the series.
 */
import type { Post } from '@reelay/sdk';
import { t } from '../../i18n';
import { describeRule } from './rule-words';

/** What the calendar knows of a series beyond the post: its rule and how many in all. */
export interface SeriesFacts {
  rrule: string;
  /** How many occurrences the series has in all. */
  total: number;
}

/**
 * The mark's words: `Part of a series, 3 of 12`, or without the total until it is read.
 *
 * @example
 * ```ts
 * seriesLabel({ id: 'ser_1', index: 3 }, { rrule: 'FREQ=WEEKLY', total: 12 });
 * ```
 */
export function seriesLabel(series: NonNullable<Post['series']>, facts?: SeriesFacts): string {
  return facts
    ? t('series.mark.label', { index: series.index, total: facts.total })
    : t('series.mark.labelOpen', { index: series.index });
}

/** The mark itself, or null for a post outside any series. */
export function seriesMark(post: Post, facts?: SeriesFacts): HTMLElement | null {
  if (!post.series) return null;
  const mark = document.createElement('span');
  mark.className = 'series-mark';
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', seriesLabel(post.series, facts));
  mark.textContent = '↻';
  return mark;
}

/** The hover card's lines: the post's place in its series, and the series' rule in words. */
export function seriesCardLine(post: Post, facts?: SeriesFacts): HTMLElement | null {
  if (!post.series) return null;
  const lines = document.createElement('span');
  lines.className = 'post-card-series';
  const place = document.createElement('span');
  place.textContent = seriesLabel(post.series, facts);
  lines.append(place);
  if (facts) {
    const rule = document.createElement('span');
    rule.textContent = t('series.mark.card', {
      rule: describeRule(facts.rrule, post.scheduledFor?.slice(0, 10) ?? ''),
    });
    lines.append(rule);
  }
  return lines;
}
