import { createRandom, digits, type Random } from './random';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CODE_ALPHABET = `${TOKEN_ALPHABET}-_`;
// Instagram shortcodes are the media key written in this base-64 alphabet.
const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** What an id names; each kind has its own prefix, as Instagram's ids roughly do. */
export type IdKind =
  'account' | 'container' | 'media' | 'comment' | 'commenter' | 'facebookUser' | 'page';

// 17-digit ids: every one is above 2^53 (9007199254740992), so a client that reads them as
// JSON numbers loses digits and the tests notice (reference §1a: treat ids as strings).
const ID_PREFIX: Record<IdKind, string> = {
  account: '17841',
  container: '17890',
  media: '17920',
  comment: '17960',
  commenter: '17843',
  facebookUser: '10158',
  page: '10254',
};

/**
 * Every id, token, code and trace id the emulator hands out. Two emulators with the same
 * seed, given the same requests in the same order, answer the same values.
 */
export class IdFactory {
  readonly #random: Random;
  // Trace ids come from their own stream so that an error answered more or less often
  // does not shift the ids of everything created after it.
  readonly #traces: Random;
  // Webhook challenges too: how often a test registers a webhook must not shift the ids.
  readonly #challenges: Random;
  readonly #used = new Set<string>();

  constructor(seed?: string | number) {
    const base = seed === undefined ? undefined : String(seed);
    this.#random = createRandom(base);
    this.#traces = createRandom(base === undefined ? undefined : `${base}:fbtrace`);
    this.#challenges = createRandom(base === undefined ? undefined : `${base}:challenge`);
  }

  /** A fresh numeric id of the given kind, as a string. */
  id(kind: IdKind): string {
    for (;;) {
      const id = ID_PREFIX[kind] + digits(this.#random, 17 - ID_PREFIX[kind].length);
      if (!this.#used.has(id)) {
        this.#used.add(id);
        return id;
      }
    }
  }

  /** An Instagram User access token (`IGAA…`, as reference §0 describes them). */
  token(): string {
    return `IGAA${this.#random.pick(TOKEN_ALPHABET, 96)}`;
  }

  /** A Facebook user or Page access token (`EAA…`). */
  facebookToken(): string {
    return `EAA${this.#random.pick(TOKEN_ALPHABET, 120)}`;
  }

  /** An authorization code. */
  code(): string {
    return `AQ${this.#random.pick(CODE_ALPHABET, 150)}`;
  }

  /**
   * The id of a message sent through the Send API (a private reply): base64 of
   * `ig_message:<digits>`, the opaque shape Instagram's message ids have.
   */
  messageId(): string {
    return Buffer.from(`ig_message:1:IGMessage:${digits(this.#random, 19)}`).toString('base64url');
  }

  /** The `hub.challenge` of a webhook verification: a number, as text. */
  challenge(): string {
    return String(1 + Number(digits(this.#challenges, 9)));
  }

  /** The `fbtrace_id` of one error answer. */
  fbtrace(): string {
    return `A${this.#traces.pick(CODE_ALPHABET, 22)}`;
  }
}

/**
 * The shortcode of a media id: its base-64 digits, eleven at most, as in the `/p/<code>/`
 * links of instagram.com.
 */
export function shortcodeOf(mediaId: string): string {
  let n = BigInt(mediaId);
  let out = '';
  while (n > 0n) {
    out = SHORTCODE_ALPHABET[Number(n % 64n)] + out;
    n /= 64n;
  }
  return out.slice(-11).padStart(11, 'A');
}
