/** The dialog of the review under way, if any: approve or reject, for its post. */
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';
import type { Review } from './use-review';

export function ReviewDialogs({ review, zone }: { review: Review; zone: string }) {
  const { open } = review;
  if (!open) return null;
  if (open.kind === 'approve') {
    return (
      <ApproveDialog
        key={open.post.id}
        post={open.post}
        zone={zone}
        busy={review.busy}
        error={review.error}
        onApprove={(body) => void review.approve(body)}
        onClose={review.close}
      />
    );
  }
  return (
    <RejectDialog
      key={open.post.id}
      busy={review.busy}
      error={review.error}
      onReject={(reason) => void review.reject(reason)}
      onClose={review.close}
    />
  );
}
