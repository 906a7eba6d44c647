/**
 * Meta's webhooks for the inbox (reference §10.5): the verification handshake, the
 * signature of each notification (HMAC-SHA256 of the raw body with an app secret,
 * compared in constant time), and the processing of a batch through the job queue, so
 * the answer is immediate and nothing is lost if the server stops meanwhile.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { newId, ReelayError } from '@reelay/core';
import { add, type JobHandler } from '../queue';
import { findIntegrationsOfPlatformUser, type IntegrationRecord } from '../store/integrations';
import { isMediaOfAccount } from '../store/comments';
import { insertMentionOnce } from '../store/inbox-records';
import { noteWebhookHeard } from '../store/account-polls';
import { accountClient, platformTime } from './account-client';
import { ingestComment, type IncomingComment, type InboxDeps } from './comment-ingest';

const refused = (reason: string) =>
  new ReelayError('META_WEBHOOK_INVALID', { details: { reason } });

/**
 * The handshake Meta sends when the callback URL is saved: the challenge, when the verify
 * token is the configured one.
 *
 * @example
 * ```ts
 * answerHandshake(config, { 'hub.mode': 'subscribe', 'hub.challenge': '42', 'hub.verify_token': token }); // '42'
 * ```
 */
export function answerHandshake(
  config: InboxDeps['config'],
  query: { 'hub.mode': string; 'hub.challenge': string; 'hub.verify_token': string },
): string {
  const expected = config.inbox.verifyToken;
  if (expected === null) throw refused('verify_token_not_configured');
  if (query['hub.mode'] !== 'subscribe') throw refused('mode');
  if (!sameText(query['hub.verify_token'], expected)) throw refused('verify_token');
  return query['hub.challenge'];
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks `X-Hub-Signature-256` against each configured app secret: which app signs
 * Instagram Login notifications is not documented (reference §10.5 open point 8), so
 * either is accepted.
 *
 * @example
 * ```ts
 * checkSignature(config, rawBody, req.headers['x-hub-signature-256']);
 * ```
 */
export function checkSignature(
  config: InboxDeps['config'],
  rawBody: Buffer,
  header: string | string[] | undefined,
): void {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^sha256=([0-9a-f]{64})$/i.exec(value.trim()) : null;
  if (!match) throw refused('signature_missing');
  const given = Buffer.from(match[1]!.toLowerCase(), 'hex');
  const secrets = [config.instagram.appSecret, config.facebook.appSecret].filter(
    (secret): secret is string => Boolean(secret),
  );
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    if (timingSafeEqual(expected, given)) return;
  }
  throw refused('signature');
}

/**
 * Stores a verified batch as a job; the caller answers Meta at once.
 *
 * @example
 * ```ts
 * await queueBatch(deps, rawBody.toString('utf8'));
 * ```
 */
export async function queueBatch(deps: InboxDeps, body: string): Promise<void> {
  const now = deps.clock.now();
  await add(deps.db, 'ingest_meta_webhook', { body }, { runAt: now, mode: 'replace', now });
  deps.wakeWorker();
}

/** One change of a notification, read loosely: Meta's examples disagree on names. */
interface ChangeValue {
  id?: unknown;
  comment_id?: unknown;
  media_id?: unknown;
  text?: unknown;
  parent_id?: unknown;
  from?: { id?: unknown; username?: unknown; self_ig_scoped_id?: unknown };
  media?: { id?: unknown };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

/** The connected accounts a notification's entry is about (in every project). */
async function accountsOf(deps: InboxDeps, igUserId: string): Promise<IntegrationRecord[]> {
  const accounts = await findIntegrationsOfPlatformUser(deps.db, igUserId);
  return accounts.filter(
    (account) => account.platformUserId === igUserId && account.accessToken !== null,
  );
}

/**
 * Records a comment the webhook named. A reply whose thread is not known yet gets the
 * thread read first, so it lands in it; if that read fails it is kept as its own thread.
 */
async function recordWebhookComment(
  deps: InboxDeps,
  account: IntegrationRecord,
  incoming: IncomingComment,
): Promise<void> {
  if (incoming.parentPlatformId !== null) {
    try {
      const { client, accessToken } = accountClient(deps, account);
      const parent = await client.getComment({ accessToken, commentId: incoming.parentPlatformId });
      await ingestComment(deps, account, {
        platformCommentId: parent.id,
        platformMediaId: parent.mediaId ?? incoming.platformMediaId,
        parentPlatformId: null,
        text: parent.text,
        username: parent.username,
        fromId: parent.fromId,
        markedSelf: false,
        writtenAt: platformTime(parent.timestamp),
        hidden: parent.hidden,
      });
    } catch (error) {
      deps.logger.warn('não foi possível ler o comentário respondido; a resposta fica como fio', {
        integrationId: account.id,
        error,
      });
    }
  }
  await ingestComment(deps, account, incoming);
}

/** A mention of the account; its text is read back where the login mode allows it. */
async function recordMention(
  deps: InboxDeps,
  account: IntegrationRecord,
  mention: {
    mediaId: string;
    commentId: string | null;
    text: string | null;
    username: string | null;
  },
): Promise<void> {
  let details = {
    text: mention.text,
    username: mention.username,
    permalink: null as string | null,
    createdAt: null as number | null,
  };
  if (details.text === null) {
    try {
      const { client, accessToken } = accountClient(deps, account);
      const read = await client.getMention({
        accessToken,
        igUserId: account.platformUserId,
        commentId: mention.commentId,
        mediaId: mention.mediaId,
      });
      details = {
        text: read.text,
        username: read.username,
        permalink: read.permalink,
        createdAt: platformTime(read.timestamp),
      };
    } catch (error) {
      // Instagram Login may not read mentions back (reference §10.4): keep the ids.
      deps.logger.info('menção guardada sem o texto', { integrationId: account.id, error });
    }
  }
  const now = deps.clock.now();
  await insertMentionOnce(deps.db, {
    id: newId('mention', now),
    projectId: account.projectId,
    integrationId: account.id,
    kind: mention.commentId === null ? 'caption' : 'comment',
    platformMediaId: mention.mediaId,
    platformCommentId: mention.commentId,
    username: details.username,
    text: details.text,
    permalink: details.permalink,
    createdAt: details.createdAt,
    receivedAt: now,
  });
}

/** Whether a comment's text @mentions the account. */
function mentionsAccount(account: IntegrationRecord, commentText: string): boolean {
  if (!account.username) return false;
  const escaped = account.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w.])@${escaped}(?![\\w.])`, 'i').test(commentText);
}

async function processChange(
  deps: InboxDeps,
  account: IntegrationRecord,
  field: string,
  value: ChangeValue,
): Promise<void> {
  if (field === 'mentions') {
    const mediaId = text(value.media_id);
    if (mediaId === null) return;
    await recordMention(deps, account, {
      mediaId,
      commentId: text(value.comment_id),
      text: null,
      username: null,
    });
    return;
  }
  if (field !== 'comments' && field !== 'live_comments') return;
  const commentId = text(value.id) ?? text(value.comment_id);
  const mediaId = text(value.media?.id) ?? text(value.media_id);
  if (commentId === null || mediaId === null) return;
  const incoming: IncomingComment = {
    platformCommentId: commentId,
    platformMediaId: mediaId,
    parentPlatformId: text(value.parent_id),
    text: typeof value.text === 'string' ? value.text : '',
    username: text(value.from?.username),
    fromId: text(value.from?.id),
    markedSelf: text(value.from?.self_ig_scoped_id) !== null,
    writtenAt: null,
    hidden: null,
  };
  // Instagram Login sends a mention in someone else's comment as a comment notification
  // (reference §10.5): a media the account did not publish, naming it.
  if (
    !incoming.markedSelf &&
    mentionsAccount(account, incoming.text) &&
    !(await isMediaOfAccount(deps.db, account.id, mediaId))
  ) {
    await recordMention(deps, account, {
      mediaId,
      commentId,
      text: incoming.text,
      username: incoming.username,
    });
    return;
  }
  await recordWebhookComment(deps, account, incoming);
}

/**
 * The job that records a batch: every change of every entry, for each project the
 * account is connected in. Recording is idempotent, so a run retried after a failure
 * records nothing twice.
 *
 * @example
 * ```ts
 * createWorker({ …, handlers: { ingest_meta_webhook: metaWebhookJob(deps) } });
 * ```
 */
export function metaWebhookJob(deps: InboxDeps): JobHandler<'ingest_meta_webhook'> {
  return async ({ body }) => {
    let batch: { object?: unknown; entry?: unknown };
    try {
      batch = JSON.parse(body) as typeof batch;
    } catch {
      deps.logger.warn('lote de webhook da Meta ilegível, descartado');
      return;
    }
    if (!Array.isArray(batch.entry)) return;
    for (const entry of batch.entry as Array<{ id?: unknown; changes?: unknown }>) {
      const igUserId = text(entry.id);
      if (igUserId === null || !Array.isArray(entry.changes)) continue;
      const accounts = await accountsOf(deps, igUserId);
      // Webhooks reach these accounts: polling them only catches up from now on.
      for (const account of accounts) await noteWebhookHeard(deps.db, account.id, deps.clock.now());
      for (const change of entry.changes as Array<{ field?: unknown; value?: unknown }>) {
        if (typeof change.field !== 'string' || typeof change.value !== 'object' || !change.value)
          continue;
        for (const account of accounts) {
          await processChange(deps, account, change.field, change.value as ChangeValue);
        }
      }
    }
  };
}
