/**
 * Review links: made, listed and revoked by a project's admins; read and decided by
 * whoever holds the address, without an account (the token is in the body).
 */
import { isoTime } from '../../clock';
import type { Review, ReviewLinkRecord, ReviewLinksService } from '../../services/review-links';
import { actorOf, projectOf, type RouteHandlers } from '../route-handler';

function presentLink(link: ReviewLinkRecord) {
  return {
    id: link.id,
    postId: link.postId,
    label: link.label,
    createdAt: isoTime(link.createdAt),
    expiresAt: isoTime(link.expiresAt),
  };
}

/** The post as the review page shows it: what will be published, and where. */
function presentReview(review: Review) {
  const { post } = review;
  return {
    post: {
      id: post.id,
      status: post.status,
      kind: post.kind,
      content: post.content,
      scheduledFor: isoTime(post.scheduledFor),
      timezone: post.timezone,
      mediaItems: post.mediaItems.map((item) => ({ type: item.type, url: item.url })),
      accounts: review.usernames.map((username) => ({ username })),
    },
    projectName: review.projectName,
    label: review.link.label,
    expiresAt: isoTime(review.link.expiresAt),
    canDecide: review.canDecide,
  };
}

export function reviewLinkHandlers(reviews: ReviewLinksService): RouteHandlers {
  return {
    createReviewLink: async ({ params, body }, context) => {
      const { link, url } = await reviews.create(
        projectOf(context),
        params.id,
        body!,
        actorOf(context),
      );
      return { status: 201, body: { success: true, reviewLink: { ...presentLink(link), url } } };
    },

    listReviewLinks: async ({ params }, context) => {
      const links = await reviews.list(projectOf(context), params.id);
      return { status: 200, body: { success: true, reviewLinks: links.map(presentLink) } };
    },

    deleteReviewLink: async ({ params }, context) => {
      await reviews.revoke(projectOf(context), params.id);
      return { status: 204, body: undefined };
    },

    lookupReviewLink: async ({ body }) => {
      const review = await reviews.lookup(body!.token);
      return { status: 200, body: { success: true, review: presentReview(review) } };
    },

    approveByReviewLink: async ({ body }) => {
      const review = await reviews.approve(body!.token, body!);
      return { status: 200, body: { success: true, review: presentReview(review) } };
    },

    rejectByReviewLink: async ({ body }) => {
      const review = await reviews.reject(body!.token, body!.comment);
      return { status: 200, body: { success: true, review: presentReview(review) } };
    },
  };
}
