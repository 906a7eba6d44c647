/**
 * Which network addresses a user-given URL may reach. Media URLs come from users, so a
 * fetch must never become a way into the server's own network (SSRF): loopback, private,
 * link-local, cloud metadata and reserved ranges are refused, for IPv4 and IPv6 alike,
 * including IPv4 addresses hidden inside IPv6 ones (`::ffff:127.0.0.1`, NAT64, 6to4).
 */
import ipaddr from 'ipaddr.js';

/** What a development setup may open up (`REELAY_ALLOW_PRIVATE_URLS=true` opens both). */
export interface AddressAllowance {
  /** 127.0.0.0/8 and ::1. */
  readonly loopback: boolean;
  /** 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT) and fc00::/7. */
  readonly private: boolean;
}

/** Production: only public unicast addresses. */
export const PUBLIC_ONLY: AddressAllowance = { loopback: false, private: false };

/**
 * Cloud metadata endpoints: refused even when private addresses are allowed, because
 * they hand out the machine's credentials (AWS, GCP, Azure, Alibaba, Oracle, ECS).
 */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  '168.63.129.16',
  '192.0.0.192',
  'fd00:ec2::254',
]);

/** Why an address is refused, in Portuguese, or `null` when it may be reached. */
export type AddressVerdict = string | null;

/**
 * Tells whether an IP address (v4 or v6 text) may be fetched under an allowance.
 *
 * @example
 * ```ts
 * refusalOf('93.184.216.34', PUBLIC_ONLY); // null
 * refusalOf('::ffff:10.0.0.1', PUBLIC_ONLY); // 'endereço privado'
 * refusalOf('169.254.169.254', { loopback: true, private: true }); // 'endereço de metadados da nuvem'
 * ```
 */
export function refusalOf(address: string, allowance: AddressAllowance): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // Only canonical forms: `ipaddr.parse` also takes octal and hex parts, which the
    // resolver never answers and the URL parser has already normalised.
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'endereço inválido';
  }
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(address)) {
    return 'endereço de metadados da nuvem';
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const embedded = embeddedIPv4(v6);
    if (embedded) return refusalOf(embedded.toString(), allowance);
    const range = v6.range();
    if (range === 'unicast') return null;
    if (range === 'loopback') return allowance.loopback ? null : 'endereço de loopback';
    if (range === 'uniqueLocal') return allowance.private ? null : 'endereço privado';
    if (range === 'linkLocal') return 'endereço link-local';
    return `endereço reservado (${range})`;
  }
  const range = (parsed as ipaddr.IPv4).range();
  if (range === 'unicast') return null;
  if (range === 'loopback') return allowance.loopback ? null : 'endereço de loopback';
  if (range === 'private' || range === 'carrierGradeNat') {
    return allowance.private ? null : 'endereço privado';
  }
  if (range === 'linkLocal') return 'endereço link-local';
  return `endereço reservado (${range})`;
}

/**
 * The IPv4 address carried inside an IPv6 one, for the forms that route to it:
 * IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`)
 * and 6to4 (`2002:AABB:CCDD::/48`).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const parts = address.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (parts.slice(0, 6).every((part) => part === 0) && (parts[6]! !== 0 || parts[7]! > 1)) {
    return fromWords(parts[6]!, parts[7]!);
  }
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((part) => part === 0)) {
    return fromWords(parts[6]!, parts[7]!);
  }
  if (parts[0] === 0x2002) return fromWords(parts[1]!, parts[2]!);
  return null;
}
