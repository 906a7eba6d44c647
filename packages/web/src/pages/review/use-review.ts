/**
 * What the review page knows and does: the post a link shows, read with the token and no
 * credential at all (the viewer has no account), and the decision sent with it. A link
 * that does not work (unknown, expired, revoked, also when it stops working while the
 * page is open) becomes the page's whole answer; a post whose time passed while it
 * waited asks whether to publish it now.
 */
import { isReelayError, Reelay, type Review } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { errorField } from '../../components/api-error';
import { useLoad } from '../../components/use-load';

/** Why a link shows no post. */
export type LinkProblem = 'notFound' | 'expired' | 'revoked';

/** The decision the page is sending. */
export type Decision = 'approve' | 'reject' | 'publishNow';

let client: Reelay | undefined;

/**
 * The API without any credential: the review routes take the token in the body. A
 * refusal for too many calls is shown at once rather than waited out.
 */
function reviewClient(): Reelay {
  client ??= new Reelay({ baseUrl: location.origin, retry: { maxRateLimitWaitMs: 0 } });
  return client;
}

/**
 * Why the link itself does not work, or null when the failure is another.
 *
 * @example
 * ```ts
 * linkProblem(error); // 'expired'
 * ```
 */
export function linkProblem(error: unknown): LinkProblem | null {
  if (
    isReelayError(error, 'NOT_FOUND') ||
    (isReelayError(error, 'VALIDATION_ERROR') && errorField(error) === 'token')
  ) {
    return 'notFound';
  }
  if (isReelayError(error, 'REVIEW_LINK_INVALID')) {
    return error.details?.reason === 'expired' ? 'expired' : 'revoked';
  }
  return null;
}

/**
 * @example
 * ```ts
 * const review = useReview(token);
 * await review.decide('approve', 'Perfeito!');
 * ```
 */
export function useReview(token: string) {
  const load = useLoad(
    async (signal) => (await reviewClient().reviewLinks.lookup({ token }, { signal })).review,
    [token],
  );
  const [busy, setBusy] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<'approved' | 'rejected' | null>(null);
  /** The time that passed while the post waited, when approving found it passed. */
  const [timePassed, setTimePassed] = useState<string | null>(null);
  const [alreadyDecided, setAlreadyDecided] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [stopped, setStopped] = useState<LinkProblem | null>(null);

  /** Sends a decision; resolves once the page shows its outcome. */
  async function decide(decision: Decision, comment: string): Promise<void> {
    const review: Review | null = load.data;
    setBusy(decision);
    setFailure(null);
    try {
      const text = comment.trim();
      const answer =
        decision === 'reject'
          ? await reviewClient().reviewLinks.reject({ token, comment: text })
          : await reviewClient().reviewLinks.approve({
              token,
              ...(text ? { comment: text } : {}),
              ...(decision === 'publishNow' ? { publishNow: true } : {}),
            });
      load.update(() => answer.review);
      setTimePassed(null);
      setOutcome(decision === 'reject' ? 'rejected' : 'approved');
    } catch (caught) {
      const problem = linkProblem(caught);
      if (problem) setStopped(problem);
      else if (isReelayError(caught, 'APPROVAL_TIME_PASSED')) {
        const passed = caught.details?.scheduledFor;
        setTimePassed(typeof passed === 'string' ? passed : (review?.post.scheduledFor ?? ''));
      } else if (isReelayError(caught, 'POST_NOT_AWAITING_APPROVAL')) {
        setTimePassed(null);
        setAlreadyDecided(true);
        await load.refresh();
      } else setFailure(caught);
    } finally {
      setBusy(null);
    }
  }

  const problem = stopped ?? (load.data ? null : linkProblem(load.error));
  return { load, problem, busy, outcome, timePassed, alreadyDecided, failure, decide };
}

export type ReviewState = ReturnType<typeof useReview>;
