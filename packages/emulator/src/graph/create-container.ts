import type { EmulatorContext } from '../emulator-context';
import { invalidParameter, publishingError } from '../graph-error';
import type { Params } from '../http/params';
import { isHttpUrl } from '../http/is-http-url';
import { jsonReply, type Reply } from '../http/reply';
import type { Caller } from '../oauth/tokens';
import type { Container, ContainerDraft, FetchOutcome } from '../state/types';
import { containerStatus } from './container-status';
import { isVideoKind, parseContainerRequest } from './container-rules';
import type { MediaKind } from './media-fetcher';
import { requirePublishing } from './publishing-access';
import { newUploadSession, uploadUri } from './upload-host';

/**
 * `POST /{ig-user-id}/media`: creates a container (reference §2 "Flow" step 1).
 *
 * Images are fetched while the request waits, as the platform does, and a bad one fails
 * the container (or, with `imageFetchErrors: 'response'`, the request). Videos and reel
 * covers are fetched in the background; the container stays `IN_PROGRESS` until they are
 * and until its processing time has passed on the emulator clock.
 */
export async function createContainer(
  ctx: EmulatorContext,
  caller: Caller,
  params: Params,
  uploadBase?: string,
): Promise<Reply> {
  requirePublishing(caller);
  const draft = parseContainerRequest(params, { maxHashtags: ctx.config.hashtagLimit });
  if (draft.resumable) checkResumableAllowed(ctx, caller);
  if (draft.children) checkChildren(ctx, caller, draft.children);

  const accountId = caller.account.id;
  const now = ctx.now();
  checkContainerLimit(ctx, accountId, now);

  const video = isVideoKind(draft.kind);
  const checks = mediaChecks(draft);
  let fetch: FetchOutcome = { state: 'ok' };
  let background: Promise<FetchOutcome> | undefined;
  if (checks.length > 0 && !ctx.config.fetchMedia) {
    fetch = checks.every((check) => isHttpUrl(check.url))
      ? { state: 'ok' }
      : { state: 'failed', subcode: 2207052 };
  } else if (checks.length > 0 && video) {
    fetch = { state: 'pending' };
    background = fetchAll(ctx, checks);
  } else if (checks.length > 0) {
    fetch = await fetchAll(ctx, checks);
  }
  // A resumable container waits for its bytes (and a reel cover fetched meanwhile).
  if (draft.resumable) fetch = { state: 'pending' };
  if (fetch.state === 'failed' && !video && ctx.config.imageFetchErrors === 'response') {
    throw publishingError(fetch.subcode, { userMsg: mediaErrorMessage(fetch.subcode, checks) });
  }

  // Checked again: other creations may have landed while the image downloaded. Nothing
  // is recorded for a refused request.
  checkContainerLimit(ctx, accountId, now);
  ctx.store.creations.record(accountId, now);
  const container: Container = {
    ...draft,
    id: ctx.ids.id('container'),
    accountId,
    createdAt: now,
    readyAt: now + (video ? ctx.config.videoProcessingMs : ctx.config.containerProcessingMs),
    fetch,
    upload: draft.resumable ? newUploadSession() : undefined,
  };
  ctx.store.containers.set(container.id, container);
  void background?.then((outcome) => {
    // The cover of a resumable reel: only its failure counts before the bytes are there.
    if (container.upload && outcome.state !== 'failed') return;
    container.fetch = outcome;
  });
  if (draft.resumable) {
    return jsonReply({ id: container.id, uri: uploadUri(uploadBase, container.id) });
  }
  return jsonReply({ id: container.id });
}

/**
 * Reference §0 and §2: the upload host is documented for Facebook Login only; with an
 * Instagram Login token the answer depends on `resumableOnInstagramLogin` [UNCERTAIN].
 */
function checkResumableAllowed(ctx: EmulatorContext, caller: Caller): void {
  if (caller.facebook || ctx.config.resumableOnInstagramLogin === 'accept') return;
  throw invalidParameter(
    'The parameter upload_type=resumable is only supported for apps with Facebook Login for Business',
  );
}

/**
 * Reference §2 "Limits": 400 containers per account per rolling 24 h; a carousel of N
 * uses N + 1, because every item is a container of its own.
 */
function checkContainerLimit(ctx: EmulatorContext, accountId: string, now: number): void {
  if (ctx.store.creations.count(accountId, now) >= ctx.config.containerLimit) {
    throw publishingError(2207042, {
      message: 'Application request limit reached',
      userTitle: 'Container limit reached',
      userMsg: `This account created ${ctx.config.containerLimit} media containers in the last 24 hours, the most allowed.`,
    });
  }
}

interface MediaCheck {
  readonly url: string;
  readonly kind: MediaKind;
}

function mediaChecks(draft: ContainerDraft): MediaCheck[] {
  const checks: MediaCheck[] = [];
  if (draft.imageUrl !== undefined) checks.push({ url: draft.imageUrl, kind: 'image' });
  if (draft.videoUrl !== undefined) checks.push({ url: draft.videoUrl, kind: 'video' });
  if (draft.coverUrl !== undefined) checks.push({ url: draft.coverUrl, kind: 'image' });
  return checks;
}

async function fetchAll(
  ctx: EmulatorContext,
  checks: readonly MediaCheck[],
): Promise<FetchOutcome> {
  const timeout = ctx.config.mediaFetchTimeoutMs;
  const results = await Promise.all(
    checks.map((check) => ctx.fetcher.check(check.url, check.kind, timeout)),
  );
  const subcode = results.find((result) => result !== undefined);
  return subcode === undefined ? { state: 'ok' } : { state: 'failed', subcode };
}

function mediaErrorMessage(subcode: number, checks: readonly MediaCheck[]): string | undefined {
  if (subcode !== 2207052) return undefined;
  return `The media could not be fetched from this uri: ${checks.map((c) => c.url).join(', ')}`;
}

/** Carousel items must be this account's unpublished, unexpired carousel-item containers. */
function checkChildren(ctx: EmulatorContext, caller: Caller, children: readonly string[]): void {
  for (const childId of children) {
    const child = ctx.store.containers.get(childId);
    if (!child || child.accountId !== caller.account.id) {
      throw publishingError(2207006, { userMsg: `The media with id ${childId} cannot be found.` });
    }
    if (child.kind !== 'CAROUSEL_ITEM_IMAGE' && child.kind !== 'CAROUSEL_ITEM_VIDEO') {
      throw invalidParameter(
        `The container ${childId} is not a carousel item (is_carousel_item=true)`,
      );
    }
    const status = containerStatus(ctx, child).code;
    if (status === 'PUBLISHED') {
      // Reference §2: a carousel's item containers cannot be reused.
      throw invalidParameter(
        `The carousel item ${childId} was already published and cannot be reused`,
      );
    }
    if (status === 'EXPIRED') throw publishingError(2207020);
  }
}
