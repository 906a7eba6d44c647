/**
 * Checking a webhook URL when a subscription is saved or tested (DESIGN.md "Secrets":
 * outbound fetches of user-given URLs refuse private and reserved addresses, including
 * after DNS resolution). The same address policy as media imports: https only, and no
 * loopback, private, link-local, metadata or reserved address, unless
 * `REELAY_ALLOW_PRIVATE_URLS=true` (development), which also lets plain http through.
 * Deliveries check again when they connect: DNS may answer differently later.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { validationError } from '@reelay/core';
import { refusalOf, type AddressAllowance } from '../media/address-policy';

export interface WebhookUrlPolicy {
  readonly allow: AddressAllowance;
  /** Plain `http:` accepted (development only). */
  readonly allowHttp: boolean;
  /** The resolver; the system's unless given. */
  readonly lookup?: typeof systemLookup;
  /** Longest wait for DNS at save time; a name that does not resolve in time is kept. */
  readonly lookupTimeoutMs?: number;
}

/**
 * The policy of a configuration: production refuses every non-public address and http.
 *
 * @example
 * ```ts
 * const policy = webhookUrlPolicy(config.allowPrivateUrls);
 * ```
 */
export function webhookUrlPolicy(allowPrivateUrls: boolean): WebhookUrlPolicy {
  return {
    allow: { loopback: allowPrivateUrls, private: allowPrivateUrls },
    allowHttp: allowPrivateUrls,
  };
}

/** Why a URL may not be used before any connection, or `null`. Checks no DNS. */
export function urlRefusal(url: URL, policy: WebhookUrlPolicy): string | null {
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return `a URL deve usar https (recebido ${url.protocol.replace(':', '')})`;
  }
  if (url.username || url.password) return 'a URL não pode conter usuário ou senha';
  // The URL parser has already turned `0x7f.1`, `2130706433` and friends into dotted
  // IPv4, so one check covers every spelling of a literal address.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const reason = refusalOf(host, policy.allow);
    if (reason) return `a URL aponta para um ${reason} (${host})`;
  }
  return null;
}

function resolveAll(
  hostname: string,
  lookup: typeof systemLookup,
  timeoutMs: number,
): Promise<LookupAddress[] | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    lookup(hostname, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      resolve(error ? null : (addresses as unknown as LookupAddress[]));
    });
  });
}

/**
 * Checks a webhook URL before it is saved or tested; throws `VALIDATION_ERROR` naming
 * `webhook.url` with the reason. A name that resolves to any refused address is refused
 * whole (that is how DNS rebinding starts); a name that does not resolve now is accepted,
 * and checked again at every delivery.
 *
 * @example
 * ```ts
 * await assertWebhookUrl('https://app.example.com/webhooks', webhookUrlPolicy(false));
 * await assertWebhookUrl('https://169.254.169.254/', policy); // throws VALIDATION_ERROR
 * ```
 */
export async function assertWebhookUrl(text: string, policy: WebhookUrlPolicy): Promise<URL> {
  const refuse = (message: string) => validationError([{ field: 'webhook.url', message }]);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('esperava uma URL https absoluta');
  }
  const reason = urlRefusal(url, policy);
  if (reason) throw refuse(reason);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!isIP(host)) {
    const addresses = await resolveAll(
      host,
      policy.lookup ?? systemLookup,
      policy.lookupTimeoutMs ?? 3_000,
    );
    for (const { address } of addresses ?? []) {
      const refused = refusalOf(address, policy.allow);
      if (refused) throw refuse(`${host} resolve para um ${refused} (${address})`);
    }
  }
  return url;
}
