/**
 * How `reelay posts` shows posts to people: the table of `posts list`, the fields of
 * `posts show`, and times in the zone each post was scheduled in.
 */
import type { Post, PostProblem, PostTarget } from '@reelay/sdk';
import { t, tDynamic } from './i18n';
import { renderFields, renderTable } from './table';

/**
 * A post's or an account's status in the person's language; a status this version does
 * not know stays as the server wrote it.
 *
 * @example
 * ```ts
 * statusText('scheduled'); // 'agendado' in Portuguese, 'scheduled' in English
 * ```
 */
export function statusText(status: string): string {
  return tDynamic(`statuses.${status}`) ?? status;
}

/**
 * The zone a table of posts from many zones is shown in: the zone of this machine (the
 * `TZ` variable, else the system's), or UTC with `--utc`.
 *
 * @example
 * ```ts
 * tableZone(false); // 'America/Sao_Paulo' on a machine set to São Paulo time
 * ```
 */
export function tableZone(utc: boolean): string {
  if (utc) return 'UTC';
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The columns of `posts list`: every time on the wall clock of one zone, named in the
 * header, so rows from posts scheduled in different zones compare at a glance.
 */
export function postColumns(utc: boolean) {
  const zone = tableZone(utc);
  return [
    { header: 'id', value: (p: Post) => p.id },
    { header: t('posts.columnStatus'), value: (p: Post) => statusText(p.status) },
    { header: t('posts.columnKind'), value: (p: Post) => p.kind },
    {
      header: `${t('posts.columnWhen')} (${zone})`,
      value: (p: Post) => localTime(p.scheduledFor ?? p.publishedAt ?? p.createdAt, zone),
    },
    { header: t('posts.columnAccounts'), value: (p: Post) => p.platforms.length },
    { header: t('posts.columnCaption'), value: (p: Post) => p.content, max: 40 },
  ];
}

/**
 * The accounts table of a post: each account by @username when `usernames` knows it,
 * times on the wall clock of the post's zone.
 */
export function targetColumns(
  timeZone: string,
  usernames: ReadonlyMap<string, string> = new Map(),
) {
  const time = (iso: string | null | undefined) => (iso ? wallClock(iso, timeZone) : iso);
  return [
    {
      header: t('posts.columnAccount'),
      value: (target: PostTarget) => {
        const username = usernames.get(target.integrationId);
        return username ? `@${username}` : target.integrationId;
      },
    },
    { header: t('posts.columnStatus'), value: (target: PostTarget) => statusText(target.status) },
    // Each account has its own time in a post queued on posting schedules.
    {
      header: t('posts.columnScheduledFor'),
      value: (target: PostTarget) => time(target.scheduledFor),
    },
    {
      header: t('posts.columnPublishedAt'),
      value: (target: PostTarget) => time(target.publishedAt),
    },
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
 * An instant on the wall clock of a zone the header already names: `2026-12-01 10:00`.
 *
 * @example
 * ```ts
 * localTime('2026-12-01T13:00:00.000Z', 'America/Sao_Paulo'); // '2026-12-01 10:00'
 * ```
 */
export function localTime(iso: string, timeZone: string): string {
  const text = wallClock(iso, timeZone);
  return text === iso ? iso : text.slice(0, -(timeZone.length + 1));
}

/**
 * A post for people: its fields, then one line per account, accounts by @username when
 * `usernames` (account id to username) knows them; a rejected post says why, and a draft
 * what it still lacks.
 *
 * @example
 * ```ts
 * process.stdout.write(describePost(post, new Map([['int_01…', 'cafe.aurora']])));
 * ```
 */
export function describePost(post: Post, usernames?: ReadonlyMap<string, string>): string {
  return (
    renderFields([
      ['Id', post.id],
      [t('posts.fieldStatus'), statusText(post.status)],
      [t('posts.fieldKind'), post.kind],
      [
        t('posts.fieldScheduledFor'),
        post.scheduledFor ? inZone(post.scheduledFor, post.timezone) : null,
      ],
      [
        t('posts.fieldPublishedAt'),
        post.publishedAt ? inZone(post.publishedAt, post.timezone) : null,
      ],
      [t('posts.fieldMedia'), post.mediaItems.map((item) => item.mediaId ?? item.url).join(', ')],
      ['Idempotency key', post.idempotencyKey],
      [t('posts.fieldCaption'), post.content || null],
      ...(post.rejectionReason
        ? [[t('posts.fieldRejectionReason'), post.rejectionReason] as const]
        : []),
      ...(post.evergreen
        ? [
            [
              t('posts.fieldEvergreen'),
              post.evergreenCaptions?.length
                ? `${t('posts.evergreenYes')} (${t('posts.evergreenVariants', { count: post.evergreenCaptions.length })})`
                : t('posts.evergreenYes'),
            ] as const,
          ]
        : []),
      ...(post.recycledFrom ? [[t('posts.fieldRecycledFrom'), post.recycledFrom] as const] : []),
    ]) +
    problemLines(post.problems ?? []) +
    // A draft without accounts yet has no table: its problems already say so.
    (post.platforms.length === 0 && post.status === 'draft'
      ? ''
      : '\n' + renderTable(post.platforms, targetColumns(post.timezone, usernames)))
  );
}

/** The flag of `reelay posts edit` that completes a field of a draft. */
const PROBLEM_FLAGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^platforms/, '--account'],
  [/^mediaItems/, '--media'],
  [/^scheduledFor/, '--at'],
  [/^timezone/, '--timezone'],
  [/^kind/, '--kind'],
];

/**
 * What a draft still lacks, one line per problem under a heading: the field, the flag
 * that fixes it and the server's message; nothing when it lacks nothing.
 *
 * @example
 * ```ts
 * problemLines([{ field: 'platforms', message: 'informe ao menos uma conta' }]);
 * // 'Missing before submitting:\n  platforms (--account): informe ao menos uma conta\n'
 * ```
 */
export function problemLines(problems: readonly PostProblem[]): string {
  if (problems.length === 0) return '';
  const lines = problems.map(({ field, message }) => {
    const flag = PROBLEM_FLAGS.find(([pattern]) => pattern.test(field))?.[1];
    return `  ${field}${flag ? ` (${flag})` : ''}: ${message}`;
  });
  return [`${t('posts.fieldProblems')}:`, ...lines].map((line) => `${line}\n`).join('');
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
