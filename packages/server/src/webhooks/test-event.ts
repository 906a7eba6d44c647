/**
 * The event of `POST /v1/notifications/test`. Spec §6 rule 5 allows no other event kinds,
 * so a test is a realistic `post.published`, marked three ways so a receiver can tell:
 * the header `X-Service-Test: true`, `data.post.id` = `post_00000000000000000000000000`
 * (and `int_0000…` as the account), and a fresh `evt_` id that no delivery history holds.
 */
import { newId, pathFor, WEBHOOK_PAYLOAD_VERSION, type WebhookEvent } from '@reelay/core';
import { isoTime } from '../clock';

/** The post id of every test event: a well-formed id no post can have. */
export const TEST_POST_ID = 'post_00000000000000000000000000';
/** The account id of the test event's one target. */
export const TEST_INTEGRATION_ID = 'int_00000000000000000000000000';

/**
 * Builds a test event and its body, serialised once.
 *
 * @example
 * ```ts
 * const { event, body } = buildTestEvent({ projectId, profileId: null, publicUrl, now });
 * ```
 */
export function buildTestEvent(options: {
  projectId: string;
  profileId: string | null;
  publicUrl: string;
  now: number;
}): { event: WebhookEvent; body: string } {
  const at = isoTime(options.now);
  const event: WebhookEvent = {
    version: WEBHOOK_PAYLOAD_VERSION,
    id: newId('event', options.now),
    type: 'post.published',
    createdAt: at,
    projectId: options.projectId,
    profileId: options.profileId,
    data: {
      post: {
        id: TEST_POST_ID,
        status: 'published',
        content: 'Evento de teste do Reelay: nenhum post foi publicado.',
        scheduledFor: null,
        publishedAt: at,
        mediaItems: [
          { type: 'image', url: `${options.publicUrl}/v1/posts/${TEST_POST_ID}/teste.jpg` },
        ],
        links: { api: `${options.publicUrl}${pathFor('getPost', { id: TEST_POST_ID })}` },
      },
      platforms: [
        {
          platform: 'instagram',
          integrationId: TEST_INTEGRATION_ID,
          profileId: options.profileId,
          status: 'published',
          platformPostId: null,
          platformPostUrl: null,
          publishedAt: at,
          errorCode: null,
          errorMessage: null,
          warningMessage: null,
        },
      ],
    },
  };
  return { event, body: JSON.stringify(event) };
}
