/**
 * Prefixed, time-sortable identifiers (spec §2: "ids are opaque strings with a type prefix").
 *
 * The body after the prefix is a ULID in lower-case Crockford base32: 10 characters of
 * millisecond timestamp followed by 16 characters (80 bits) of randomness. Ids made later
 * sort after ids made earlier, and ids made in the same millisecond by one process keep
 * their creation order (the random part is incremented instead of redrawn).
 */

/** The type prefix of every kind of id, without the trailing underscore. */
export const ID_PREFIXES = {
  project: 'proj',
  profile: 'prf',
  integration: 'int',
  post: 'post',
  target: 'tgt',
  media: 'med',
  apiKey: 'key',
  event: 'evt',
  notification: 'ntf',
  delivery: 'dlv',
  user: 'usr',
  organization: 'org',
  invitation: 'inv',
  note: 'note',
  activity: 'act',
  reviewLink: 'rvl',
  comment: 'cmt',
  mention: 'mnt',
  savedReply: 'svr',
  snippet: 'snp',
  series: 'ser',
  feed: 'fed',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const TIME_LENGTH = 10;
const RANDOM_LENGTH = 16;
const MAX_TIME = 2 ** 48 - 1;
const BODY_PATTERN = `[0-9a-hjkmnp-tv-z]{${TIME_LENGTH + RANDOM_LENGTH}}`;

let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(time: number): string {
  let out = '';
  let rest = time;
  for (let i = 0; i < TIME_LENGTH; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function randomDigits(): number[] {
  const bytes = new Uint8Array(RANDOM_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte % 32);
}

/** Adds one to a base32 digit array; on overflow of all 80 bits starts from fresh randomness. */
function increment(digits: number[]): number[] {
  const next = digits.slice();
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 31) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  return randomDigits();
}

/**
 * Creates a new id of the given kind.
 *
 * @param kind which resource the id names; picks the prefix.
 * @param now the creation time in milliseconds (injectable for tests and imports).
 * @example
 * ```ts
 * const id = newId('post'); // 'post_01jd8k2m3n4p5q6r7s8t9v0wxy'
 * ```
 */
export function newId(kind: IdKind, now: number = Date.now()): string {
  if (!Number.isInteger(now) || now < 0 || now > MAX_TIME) {
    throw new RangeError(`newId: time out of range: ${now}`);
  }
  if (now === lastTime) {
    lastRandom = increment(lastRandom);
  } else {
    lastTime = now;
    lastRandom = randomDigits();
  }
  const random = lastRandom.map((digit) => ALPHABET[digit]).join('');
  return `${ID_PREFIXES[kind]}_${encodeTime(now)}${random}`;
}

/**
 * A regular expression that matches a well-formed id of the given kind.
 *
 * @example
 * ```ts
 * idPattern('post').test('post_01jd8k2m3n4p5q6r7s8t9v0wxy'); // true
 * ```
 */
export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${ID_PREFIXES[kind]}_${BODY_PATTERN}$`);
}

/**
 * Whether `value` is a well-formed id of the given kind.
 *
 * @example
 * ```ts
 * isId('media', 'med_01jd8k2m3n4p5q6r7s8t9v0wxy'); // true
 * isId('media', 'post_01jd8k2m3n4p5q6r7s8t9v0wxy'); // false
 * ```
 */
export function isId(kind: IdKind, value: unknown): value is string {
  return typeof value === 'string' && idPattern(kind).test(value);
}

/**
 * The creation time (milliseconds since the epoch) encoded in an id, or `null` when the
 * value is not an id made by {@link newId}.
 *
 * @example
 * ```ts
 * idTime(newId('event', 1_700_000_000_000)); // 1700000000000
 * ```
 */
export function idTime(id: string): number | null {
  const match = /^[a-z]+_([0-9a-hjkmnp-tv-z]{26})$/.exec(id);
  if (!match) return null;
  let time = 0;
  for (const char of match[1]!.slice(0, TIME_LENGTH)) time = time * 32 + ALPHABET.indexOf(char);
  return time;
}
