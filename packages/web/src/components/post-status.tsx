/**
 * A post's or a target's status as people see it everywhere: a symbol, a word and a
 * colour together, so the status never rests on colour alone.
 */
import { POST_STATUSES as STATUSES, type Post } from '@reelay/sdk';
import { useT } from '../i18n';
import './post-status.css';

export type PostStatus = Post['status'];

/** Every post status, in the order a post goes through them. */
export const POST_STATUSES: readonly PostStatus[] = STATUSES;

/** The symbol shown before each status's word; decorative, the word carries the meaning. */
export const STATUS_SYMBOLS: Readonly<Record<PostStatus, string>> = {
  draft: '✎',
  awaiting_approval: '⚑',
  scheduled: '◷',
  queued: '⋯',
  publishing: '↻',
  published: '✓',
  partial: '◐',
  failed: '✕',
  cancelled: '⊘',
};

/**
 * The status as a badge: symbol, word, and the status's colour (`status-<name>` class).
 *
 * @example
 * ```tsx
 * <StatusBadge status="failed" />
 * ```
 */
export function StatusBadge({ status }: { status: PostStatus }) {
  const t = useT();
  return (
    <span class={`status-badge status-${status}`}>
      <span aria-hidden="true">{STATUS_SYMBOLS[status]}</span> {t(`calendar.status.${status}`)}
    </span>
  );
}
