/**
 * Sending a draft: core's rules first, then `POST /v1/posts` with the draft's idempotency
 * key; or saving it as a draft (`draft: true`, or `PATCH` of the draft being edited),
 * checked only for what even a draft cannot have. The server's refusal goes beside the
 * fields it names, and focus to the first field in trouble.
 */
import type { PostKind } from '@reelay/sdk';
import type { Post } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { approvalsChanged } from '../../components/approval-count';
import { useSessionClient } from '../../session/session-context';
import {
  buildDraftBody,
  buildDraftEdit,
  buildPostBody,
  checkDraft,
  checkDraftToSave,
  type ComposeDraft,
} from './compose-rules';
import { refusalOf, type RefusalContext } from './refusal';

/** A post made, and what the confirmation says of it. */
export interface CreatedPost {
  post: Post;
  names: string[];
  queued: boolean;
  /** Saved as a draft (new or edited), not sent. */
  draft: boolean;
}

/** The saved draft being edited: its id, and whether its accounts were changed here. */
export interface EditedDraft {
  id: string;
  accountsChanged: boolean;
}

/**
 * A new idempotency key for a draft. `crypto.getRandomValues` works on plain http too,
 * where `crypto.randomUUID` does not (a server on a local network address).
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `compose-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The state of sending one draft; `reset()` gets ready for a new draft (a new key).
 * `attempted` says which check the form shows: the full one after a send, the draft's
 * after a save.
 *
 * @example
 * ```ts
 * const sending = usePostSending();
 * await sending.send(draft, 'feed', { accountIds, nameOf }, ['@ana']);
 * ```
 */
export function usePostSending() {
  const session = useSessionClient();
  const [attempted, setAttempted] = useState<'send' | 'draft' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [created, setCreated] = useState<CreatedPost | null>(null);
  const [focusTick, setFocusTick] = useState(0);

  // After a refused attempt, focus goes to the first field in trouble, which reads its error.
  useEffect(() => {
    if (focusTick === 0) return;
    const invalid = document.querySelector<HTMLElement>(
      '.compose-form [aria-invalid="true"], .compose-form [data-invalid="true"]',
    );
    (invalid ?? document.getElementById('compose-general-error'))?.focus();
  }, [focusTick]);

  /** Checks, then runs `call` once at a time; its refusal goes beside the fields. */
  async function attempt(
    kindOfAttempt: 'send' | 'draft',
    ready: boolean,
    context: RefusalContext,
    call: () => Promise<Omit<CreatedPost, 'names'>>,
    names: string[],
  ) {
    // A second click while the first is on its way does nothing; should a request be
    // repeated anyway, its idempotency key makes the server answer the same post.
    if (sending.current) return;
    setAttempted(kindOfAttempt);
    setServerErrors({});
    setGeneralError('');
    if (!ready) {
      setFocusTick((tick) => tick + 1);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      setCreated({ ...(await call()), names });
      approvalsChanged();
    } catch (error) {
      // The server's refusal, beside the fields it names; the rest under the button.
      const { fields, general } = refusalOf(error, context);
      setServerErrors(fields);
      setGeneralError(general);
      setFocusTick((tick) => tick + 1);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function send(
    draft: ComposeDraft,
    kind: PostKind | null,
    context: RefusalContext,
    names: string[],
  ) {
    const ready = Object.keys(checkDraft(draft, new Date())).length === 0 && kind !== null;
    return attempt(
      'send',
      ready,
      context,
      async () => {
        const { post } = await session.api.posts.create(
          buildPostBody(draft, kind!, idempotencyKey),
        );
        return { post, queued: draft.when === 'queue', draft: false };
      },
      names,
    );
  }

  function saveDraft(
    draft: ComposeDraft,
    kind: PostKind | null,
    context: RefusalContext,
    names: string[],
    edited: EditedDraft | null,
  ) {
    const ready = Object.keys(checkDraftToSave(draft)).length === 0;
    return attempt(
      'draft',
      ready,
      context,
      async () => {
        const { post } = edited
          ? await session.api.posts.update(
              edited.id,
              buildDraftEdit(draft, kind, edited.accountsChanged),
            )
          : await session.api.posts.create(buildDraftBody(draft, kind, idempotencyKey));
        return { post, queued: false, draft: true };
      },
      names,
    );
  }

  function reset() {
    setAttempted(null);
    setServerErrors({});
    setGeneralError('');
    setIdempotencyKey(newIdempotencyKey());
    setCreated(null);
  }

  return { attempted, serverErrors, generalError, busy, created, send, saveDraft, reset };
}
