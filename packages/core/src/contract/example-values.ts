/**
 * The ids, addresses and secrets the contract's examples name. They are well-formed, so a
 * reference viewer's "try it" passes the schemas and reaches the lookup, which names the
 * id to replace with one of yours (`NOT_FOUND`, or the field of an unknown account); the
 * example test swaps each one for a resource it created, so every example is shown to work.
 */
import type { BodyContentType, RouteDefinition, RouteExample } from './route';

/**
 * Placeholders of the examples, by what they stand for.
 *
 * @example
 * ```ts
 * const example = { params: { id: EXAMPLE_VALUES.postId } };
 * ```
 */
export const EXAMPLE_VALUES = {
  projectId: 'proj_01jd8k2m3n4p5q6r7s8t9v0wxy',
  organizationId: 'org_01jd8k2m3n4p5q6r7s8t9v0wxy',
  apiKeyId: 'key_01jd8k2m3n4p5q6r7s8t9v0wxy',
  profileId: 'prf_01jd8k2m3n4p5q6r7s8t9v0wxy',
  integrationId: 'int_01jd8k2m3n4p5q6r7s8t9v0wxy',
  postId: 'post_01jd8k2m3n4p5q6r7s8t9v0wxy',
  mediaId: 'med_01jd8k2m3n4p5q6r7s8t9v0wxy',
  notificationId: 'ntf_01jd8k2m3n4p5q6r7s8t9v0wxy',
  deliveryId: 'dlv_01jd8k2m3n4p5q6r7s8t9v0wxy',
  memberUserId: 'usr_01jd8k2m3n4p5q6r7s8t9v0wxy',
  invitationId: 'inv_01jd8k2m3n4p5q6r7s8t9v0wxy',
  invitationToken: 'rly_inv_exemplo-de-token-de-convite',
  reviewLinkId: 'rvl_01jd8k2m3n4p5q6r7s8t9v0wxy',
  reviewToken: 'rly_rvw_exemplo-de-token-de-revisao',
  commentId: 'cmt_01jd8k2m3n4p5q6r7s8t9v0wxy',
  savedReplyId: 'svr_01jd8k2m3n4p5q6r7s8t9v0wxy',
  snippetId: 'snp_01jd8k2m3n4p5q6r7s8t9v0wxy',
  seriesId: 'ser_01jd8k2m3n4p5q6r7s8t9v0wxy',
  feedId: 'fed_01jd8k2m3n4p5q6r7s8t9v0wxy',
  feedUrl: 'https://blog.example.com/feed.xml',
  metaVerifyToken: 'exemplo-de-token-de-verificacao',
  inviteeEmail: 'bia@example.com',
  email: 'ana@example.com',
  password: 'correct horse battery',
  refreshToken: 'rt_exemplo-de-token-de-renovacao',
  imageUrl: 'https://cdn.example.com/cafe.jpg',
  imageFile: 'cafe.jpg',
  webhookUrl: 'https://hooks.example.com/reelay',
  redirectUrl: 'https://app.example.com/contas',
  oauthCode: 'AQBx-exemplo-de-codigo',
  oauthState: 'exemplo-de-state',
  signedRequest: 'assinatura.payload-em-base64url',
  dataDeletionCode: 'exemplo123',
} as const;

/**
 * The content type an example's body is sent as: its own, else JSON when the route takes
 * it, else the route's only one.
 *
 * @example
 * ```ts
 * exampleContentType(routes.uploadMedia, routes.uploadMedia.examples.url); // 'application/json'
 * ```
 */
export function exampleContentType(route: RouteDefinition, example: RouteExample): BodyContentType {
  if (example.contentType) return example.contentType;
  const types = Object.keys(route.request.body ?? {}) as BodyContentType[];
  return types.includes('application/json') ? 'application/json' : (types[0] ?? 'application/json');
}
