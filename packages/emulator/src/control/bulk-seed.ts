/**
 * `POST /_emulator/seed`: many accounts at once, each with a long-lived token and media
 * published over the past days, for load tests that need thousands of connected accounts
 * without thousands of OAuth flows (`pnpm bench upkeep`).
 */
import type { EmulatorContext } from '../emulator-context';
import { shortcodeOf } from '../ids';
import { createAccount } from '../state/accounts';
import type { Media } from '../state/types';
import { issueToken } from '../oauth/tokens';
import { commentTarget } from '../graph/comment-threads';
import { addComment } from '../graph/new-comment';
import { feedMedia } from '../graph/user-node';
import { ControlError } from './control-error';

/** What one call may create: enough for a bench, not enough to exhaust the process. */
const MAX_ACCOUNTS = 200_000;
const MAX_MEDIA = 2_000_000;
const MAX_COMMENTS = 20_000;
const DAY = 86_400_000;

export interface SeededAccount {
  readonly id: string;
  readonly username: string;
  readonly accessToken: string;
  readonly tokenIssuedAt: number;
  readonly tokenExpiresAt: number;
  /** Media published by the account, newest first. */
  readonly media: ReadonlyArray<{ readonly id: string; readonly publishedAt: number }>;
}

function count(value: unknown, name: string, min: number, max: number): number {
  if (value === undefined) return min;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    throw new ControlError(400, `${name} must be a whole number from ${min} to ${max}`);
  }
  return value as number;
}

/**
 * Creates `accounts` business accounts named `<prefix><n>`, each with a long-lived token
 * issued between one and `1 + tokenAgeDays` days ago (ages spread evenly over the
 * accounts, as on a server that has refreshed tokens for months) and `mediaPerAccount`
 * image posts spread evenly over the last `spanDays` days (each account at its own hour).
 * Answers the accounts with their tokens and media ids.
 *
 * @example
 * ```ts
 * seedAccounts(ctx, { accounts: 1000, mediaPerAccount: 30, spanDays: 30, prefix: 'bench' });
 * ```
 */
export function seedAccounts(ctx: EmulatorContext, input: unknown): SeededAccount[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ControlError(400, 'the seed must be a JSON object');
  }
  const data = input as Record<string, unknown>;
  const accounts = count(data.accounts, 'accounts', 1, MAX_ACCOUNTS);
  const perAccount = count(data.mediaPerAccount, 'mediaPerAccount', 0, 1000);
  const spanDays = count(data.spanDays, 'spanDays', 1, 365);
  // Tokens of every age from a day (old enough to refresh) to a day plus this many days.
  const tokenAgeDays = count(data.tokenAgeDays, 'tokenAgeDays', 0, 58);
  if (accounts * perAccount > MAX_MEDIA) {
    throw new ControlError(400, `at most ${MAX_MEDIA} media per seed`);
  }
  const prefix = typeof data.prefix === 'string' && data.prefix !== '' ? data.prefix : 'seed';
  const now = ctx.now();
  const every = (spanDays * DAY) / Math.max(perAccount, 1);
  const seeded: SeededAccount[] = [];
  for (let n = 0; n < accounts; n++) {
    const account = createAccount(ctx, { username: `${prefix}${n}`, accountType: 'BUSINESS' });
    const token = issueToken(ctx, account.id, 'long');
    const lifetime = token.expiresAt - token.issuedAt;
    token.issuedAt = now - DAY - Math.floor(((n + 0.5) / accounts) * tokenAgeDays * DAY);
    token.expiresAt = token.issuedAt + lifetime;
    // Each account posts at its own hour of the day, so reads due by age are spread out.
    const offset = ((n % 24) * DAY) / 24 / Math.max(1, spanDays);
    const media: Array<{ id: string; publishedAt: number }> = [];
    for (let k = 0; k < perAccount; k++) {
      const id = ctx.ids.id('media');
      const publishedAt = Math.round(now - k * every - (offset % every) - 60_000);
      const shortcode = shortcodeOf(id);
      const item: Media = {
        id,
        accountId: account.id,
        containerId: ctx.ids.id('container'),
        mediaType: 'IMAGE',
        productType: 'FEED',
        mediaUrl: `https://scontent.cdninstagram.com/v/t51.2885-15/${id}.jpg`,
        caption: `${account.username} ${k}`,
        children: [],
        shortcode,
        permalink: `https://www.instagram.com/p/${shortcode}/`,
        publishedAt,
      };
      ctx.store.media.set(id, item);
      media.push({ id, publishedAt });
    }
    seeded.push({
      id: account.id,
      username: account.username,
      accessToken: token.token,
      tokenIssuedAt: token.issuedAt,
      tokenExpiresAt: token.expiresAt,
      media,
    });
  }
  return seeded;
}

/**
 * `POST /_emulator/seed/comments`: comments by people outside the emulator, made at the
 * emulator's time (webhooks are told as for any comment), for load tests that need
 * comments coming in on many accounts. Either `{ comments: [{ mediaId, username?, text? }] }`
 * (up to 20,000, checked before any is made), or `{ random: n }`: n comments each on a
 * random account's feed media, most on its newest post (as comments come: 70% on the
 * newest, 20% on the six before, the rest on any). Answers how many were made.
 *
 * @example
 * ```ts
 * seedComments(ctx, { comments: [{ mediaId, text: 'lindo!' }] }); // { created: 1 }
 * seedComments(ctx, { random: 500 }); // { created: 500 }, or fewer without media
 * ```
 */
export function seedComments(ctx: EmulatorContext, input: unknown): { created: number } {
  const data = (input ?? {}) as { comments?: unknown; random?: unknown };
  if (data.random !== undefined) {
    return { created: randomComments(ctx, count(data.random, 'random', 0, MAX_COMMENTS)) };
  }
  const list = data.comments;
  if (!Array.isArray(list) || list.length > MAX_COMMENTS) {
    throw new ControlError(400, `comments must be a list of at most ${MAX_COMMENTS}`);
  }
  const made: Array<Parameters<typeof addComment>[1]> = [];
  for (const [index, item] of list.entries()) {
    const fields = (item ?? {}) as Record<string, unknown>;
    const target =
      typeof fields.mediaId === 'string' ? commentTarget(ctx, fields.mediaId) : undefined;
    if (!target) {
      throw new ControlError(404, `comments[${index}]: no media ${String(fields.mediaId)}`);
    }
    made.push({
      target,
      username: typeof fields.username === 'string' ? fields.username : `visitante${index}`,
      text: typeof fields.text === 'string' ? fields.text : `comentário ${index}`,
    });
  }
  for (const comment of made) addComment(ctx, comment);
  return { created: made.length };
}

/** Picks the media of a random comment: most go to the newest post. */
function pickMedia(media: readonly Media[]): Media {
  const roll = Math.random();
  if (roll < 0.7 || media.length === 1) return media[0]!;
  if (roll < 0.9) return media[1 + Math.floor(Math.random() * Math.min(6, media.length - 1))]!;
  return media[Math.floor(Math.random() * media.length)]!;
}

function randomComments(ctx: EmulatorContext, wanted: number): number {
  const accounts = [...ctx.store.accounts.values()];
  let created = 0;
  for (let tries = 0; created < wanted && tries < wanted * 4 && accounts.length > 0; tries++) {
    const account = accounts[Math.floor(Math.random() * accounts.length)]!;
    const media = feedMedia(ctx, account);
    if (media.length === 0) continue;
    addComment(ctx, {
      target: { kind: 'own', media: pickMedia(media) },
      username: `visitante${created % 997}`,
      text: `comentário ${created}`,
    });
    created += 1;
  }
  return created;
}
