/**
 * The DNS hook of every outbound socket to a user-given URL (media imports, webhook
 * deliveries): resolves every address of the name and refuses the connection when any
 * of them is not allowed (a name answering both a public and a private address is
 * refused whole: that is how DNS rebinding starts). The socket then connects to the very
 * address checked here, so a second DNS answer cannot swap it.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { refusalOf, type AddressAllowance } from './address-policy';

/** A resolved address that the allowance refuses; carried through the socket's error. */
export class RefusedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(`${host} resolve para ${address}: ${reason}`);
  }
}

/**
 * A `lookup` for undici's `connect` options that only ever yields allowed addresses.
 *
 * @example
 * ```ts
 * new Agent({ connect: { lookup: guardedLookup(allowance) } });
 * ```
 */
export function guardedLookup(
  allow: AddressAllowance,
  resolve: typeof systemLookup = systemLookup,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as unknown as LookupAddress[];
      for (const { address } of addresses) {
        const reason = refusalOf(address, allow);
        if (reason) return callback(new RefusedAddressError(hostname, address, reason), '', 0);
      }
      if (addresses.length === 0) {
        return callback(Object.assign(new Error('sem endereços'), { code: 'ENOTFOUND' }), '', 0);
      }
      if (options.all)
        return (callback as never as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
