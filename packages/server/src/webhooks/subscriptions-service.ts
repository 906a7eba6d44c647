/**
 * What the webhook subscription routes do (spec §4 "Webhook subscription routes"):
 * create, read, change, pause, remove, rotate the secret, send a test, list deliveries,
 * send a delivery's event again.
 * Every subscription is looked up in the caller's project; one of another project is
 * not found. Secrets are encrypted here and shown only by creation and rotation.
 */
import { findIntegration } from '../store/integrations';
import { DEFAULT_SECRET_OVERLAP_SECONDS, newId, ReelayError, type EventType } from '@reelay/core';
import type { Clock } from '../clock';
import type { TokenCipher } from '../security/token-cipher';
import { listDeliveries, type Delivery, type DeliveryStatus } from '../store/deliveries';
import { findLiveProfile } from '../store/profiles';
import {
  findSubscription,
  insertSubscription,
  listSubscriptions,
  updateSubscription,
  type Subscription,
} from '../store/subscriptions';
import { signingSecrets, UNREADABLE_SECRET_ERROR } from './signing-secrets';
import { redeliver } from './redelivery';
import { changeSubscription, removeSubscription } from './subscription-changes';
import { buildTestEvent } from './test-event';
import type { WebhookResponse, WebhookSender } from './webhook-sender';
import { newWebhookSecret } from './webhook-service';
import { assertWebhookUrl, type WebhookUrlPolicy } from './webhook-url';

export type { Delivery, Subscription };

/** What a new subscription is given; the id, the secret and the times are the service's. */
export interface SubscriptionFields {
  url: string;
  eventTypes: EventType[];
  profileId: string | null;
  /** Only events of this account (`int_…`), or null. */
  integrationId: string | null;
  onlyScheduledPosts: boolean;
}

/** What a change may set; an absent (or undefined) field is kept. */
export type SubscriptionEdits = Partial<SubscriptionFields & { paused: boolean }>;

/** A page of a list. */
export interface Page {
  limit: number;
  offset: number;
  sort: 'asc' | 'desc';
}

/** The outcome of a test delivery. */
export interface TestDelivery {
  eventId: string;
  url: string;
  answer: Omit<WebhookResponse, 'timedOut'>;
  /** The secret that signed, when the test was sent to a URL rather than a subscription. */
  secret: string | null;
}

/** What changing and removing a subscription needs (see `subscription-changes.ts`). */
type ChangeDeps = Parameters<typeof changeSubscription>[0];

export interface SubscriptionsDeps extends ChangeDeps {
  clock: Clock;
  cipher: TokenCipher;
  /** The server's public URL, in the links of a test event. */
  publicUrl: string;
  policy: WebhookUrlPolicy;
  sender: Pick<WebhookSender, 'send'>;
}

const notFound = () =>
  new ReelayError('NOT_FOUND', { message: 'Assinatura de webhook não encontrada neste projeto.' });

/**
 * @example
 * ```ts
 * const subscriptions = createSubscriptionsService({ db, capabilities, wakeWorker, clock, cipher,
 *   publicUrl, policy: webhooks.policy, sender: webhooks.sender });
 * const { subscription, secret } = await subscriptions.create(projectId, fields);
 * ```
 */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const { db, clock, cipher, policy } = deps;

  async function get(projectId: string, id: string): Promise<Subscription> {
    const subscription = await findSubscription(db, projectId, id);
    if (!subscription) throw notFound();
    return subscription;
  }

  async function assertProfile(projectId: string, profileId: string | null | undefined) {
    if (!profileId) return;
    if (!(await findLiveProfile(db, projectId, profileId))) {
      throw new ReelayError('NOT_FOUND', {
        message: 'Perfil não encontrado neste projeto.',
        details: { field: 'profileId' },
      });
    }
  }

  async function assertAccount(projectId: string, integrationId: string | null | undefined) {
    if (!integrationId) return;
    if (!(await findIntegration(db, projectId, integrationId))) {
      throw new ReelayError('NOT_FOUND', {
        message: 'Conta não encontrada neste projeto.',
        details: { field: 'accountId' },
      });
    }
  }

  return {
    /** The subscription, or NOT_FOUND. */
    get,

    list: (projectId: string, page: Page) => listSubscriptions(db, projectId, page),

    /** Creates a subscription; its secret is answered this once. */
    async create(
      projectId: string,
      fields: SubscriptionFields,
    ): Promise<{ subscription: Subscription; secret: string }> {
      await assertWebhookUrl(fields.url, policy);
      await assertProfile(projectId, fields.profileId);
      await assertAccount(projectId, fields.integrationId);
      const now = clock.now();
      const secret = newWebhookSecret();
      const subscription: Subscription = {
        id: newId('notification', now),
        projectId,
        ...fields,
        paused: false,
        secret: cipher.encrypt(secret),
        previousSecret: null,
        previousSecretExpiresAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await insertSubscription(db, subscription);
      return { subscription, secret };
    },

    /** Applies the edits (resuming queues the deliveries held while paused). */
    async update(projectId: string, id: string, edits: SubscriptionEdits): Promise<Subscription> {
      const current = await get(projectId, id);
      if (edits.url !== undefined) await assertWebhookUrl(edits.url, policy);
      await assertProfile(projectId, edits.profileId);
      await assertAccount(projectId, edits.integrationId);
      const now = clock.now();
      await changeSubscription(deps, current, { ...edits, updatedAt: now }, now);
      return get(projectId, current.id);
    },

    async remove(projectId: string, id: string): Promise<void> {
      const current = await get(projectId, id);
      await removeSubscription(deps, current.id);
    },

    /**
     * Replaces the secret. The one being replaced keeps signing beside the new one during
     * the overlap; one rotated earlier stops now, so a delivery never carries more than two.
     * The new secret is always of the current (base64) generation; the one being replaced,
     * stored as it was, may be an older base64url one, and keeps its own key form.
     */
    async rotateSecret(
      projectId: string,
      id: string,
      overlapSeconds: number = DEFAULT_SECRET_OVERLAP_SECONDS,
    ): Promise<{ subscription: Subscription; secret: string }> {
      const current = await get(projectId, id);
      const now = clock.now();
      const overlapMs = overlapSeconds * 1000;
      const secret = newWebhookSecret();
      await updateSubscription(db, current.id, {
        secret: cipher.encrypt(secret),
        previousSecret: overlapMs > 0 ? current.secret : null,
        previousSecretExpiresAt: overlapMs > 0 ? now + overlapMs : null,
        updatedAt: now,
      });
      return { subscription: await get(projectId, current.id), secret };
    },

    /**
     * Sends a test event to a subscription (signed with its secrets) or to a URL (signed
     * with a new secret, answered). A secret that cannot be read signs nothing: the
     * outcome says so, and nothing is sent.
     */
    async sendTest(
      projectId: string,
      target: { notificationId: string } | { url: string },
    ): Promise<TestDelivery> {
      const now = clock.now();
      let url: string;
      let secrets: string[] | null;
      let shownSecret: string | null = null;
      let profileId: string | null = null;
      if ('notificationId' in target) {
        const subscription = await get(projectId, target.notificationId);
        url = subscription.url;
        secrets = signingSecrets(cipher, subscription, now);
        profileId = subscription.profileId;
      } else {
        url = target.url;
        await assertWebhookUrl(url, policy);
        shownSecret = newWebhookSecret();
        secrets = [shownSecret];
      }
      const test = buildTestEvent({ projectId, profileId, publicUrl: deps.publicUrl, now });
      const answer = secrets
        ? await deps.sender.send({
            url,
            body: test.body,
            eventId: test.event.id,
            eventType: test.event.type,
            secrets,
            test: true,
          })
        : {
            delivered: false,
            responseStatus: null,
            durationMs: 0,
            error: UNREADABLE_SECRET_ERROR,
            responseExcerpt: null,
          };
      return { eventId: test.event.id, url, answer, secret: shownSecret };
    },

    /** A page of a subscription's deliveries, with the subscription (its pause shows). */
    async deliveries(
      projectId: string,
      id: string,
      filters: { status?: DeliveryStatus | undefined },
      page: Page,
    ): Promise<{ subscription: Subscription; total: number; deliveries: Delivery[] }> {
      const subscription = await get(projectId, id);
      const { total, deliveries } = await listDeliveries(db, subscription.id, filters, page);
      return { subscription, total, deliveries };
    },

    /**
     * Sends a delivery's event again as a new delivery of the subscription (see
     * redelivery.ts); returns it, with whether the subscription is paused.
     */
    async redeliver(
      projectId: string,
      id: string,
      deliveryId: string,
    ): Promise<{ delivery: Delivery; paused: boolean }> {
      const subscription = await get(projectId, id);
      return redeliver(deps, projectId, subscription.id, deliveryId);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
