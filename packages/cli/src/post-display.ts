/**
 * How `reelay posts` shows posts to people: the table of `posts list`, the fields of
 * `posts show`, and times in the zone each post was scheduled in.
 */
import type { Post, PostTarget } from '@reelay/sdk';
import { t } from './i18n';
import { renderFields, renderTable } from './table';

/**
 * The columns of `posts list`: the time is the post's own wall clock and zone (the zone
 * it was scheduled in), or UTC with `--utc`.
 */
export function postColumns(utc: boolean) {
  return [
    { header: 'id', value: (p: Post) => p.id },
    { header: t('posts.columnStatus'), value: (p: Post) => p.status },
    { header: t('posts.columnKind'), value: (p: Post) => p.kind },
    {
      header: t('posts.columnWhen'),
      value: (p: Post) =>
        wallClock(p.scheduledFor ?? p.publishedAt ?? p.createdAt, utc ? 'UTC' : p.timezone),
    },
    { header: t('posts.columnAccounts'), value: (p: Post) => p.platforms.length },
    { header: t('posts.columnCaption'), value: (p: Post) => p.content, max: 40 },
  ];
}

export function targetColumns() {
  return [
    { header: t('posts.columnAccount'), value: (target: PostTarget) => target.integrationId },
    { header: t('posts.columnStatus'), value: (target: PostTarget) => target.status },
    // Each account has its own time in a post queued on posting schedules.
    { header: t('posts.columnScheduledFor'), value: (target: PostTarget) => target.scheduledFor },
    { header: t('posts.columnPublishedAt'), value: (target: PostTarget) => target.publishedAt },
    { header: t('posts.columnLink'), value: (target: PostTarget) => target.platformPostUrl },
    {
      header: t('posts.columnError'),
      value: (target: PostTarget) =>
        target.errorCode ? `${target.errorCode}: ${target.errorMessage ?? ''}` : null,
      max: 70,
    },
  ];
}

/**
 * An instant as the wall clock of a zone shows it, with the zone's name:
 * `2026-12-01 10:00 America/Sao_Paulo`; the ISO instant itself for a zone this Node.js
 * does not know.
 *
 * @example
 * ```ts
 * wallClock('2026-12-01T13:00:00.000Z', 'America/Sao_Paulo'); // '2026-12-01 10:00 America/Sao_Paulo'
 * wallClock('2026-12-01T13:00:00.000Z', 'UTC'); // '2026-12-01 13:00 UTC'
 * ```
 */
export function wallClock(iso: string, timeZone: string): string {
  try {
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(iso));
    return `${local} ${timeZone}`;
  } catch {
    return iso;
  }
}

/**
 * A post for people: its fields, then one line per account.
 *
 * @example
 * ```ts
 * process.stdout.write(describePost(post));
 * ```
 */
export function describePost(post: Post): string {
  return (
    renderFields([
      ['Id', post.id],
      [t('posts.fieldStatus'), post.status],
      [t('posts.fieldKind'), post.kind],
      [
        t('posts.fieldScheduledFor'),
        post.scheduledFor ? inZone(post.scheduledFor, post.timezone) : null,
      ],
      [t('posts.fieldPublishedAt'), post.publishedAt],
      [t('posts.fieldMedia'), post.mediaItems.map((item) => item.mediaId ?? item.url).join(', ')],
      ['Idempotency key', post.idempotencyKey],
      [t('posts.fieldCaption'), post.content || null],
    ]) +
    '\n' +
    renderTable(post.platforms, targetColumns())
  );
}

/**
 * An instant as the wall clock of the post's zone shows it, with the UTC instant after:
 * `2026-12-01 10:00 America/Sao_Paulo (2026-12-01T13:00:00.000Z)`.
 *
 * @example
 * ```ts
 * inZone('2026-12-01T13:00:00.000Z', 'America/Sao_Paulo');
 * ```
 */
export function inZone(iso: string, timeZone: string): string {
  const local = wallClock(iso, timeZone);
  return local === iso ? iso : `${local} (${iso})`;
}
