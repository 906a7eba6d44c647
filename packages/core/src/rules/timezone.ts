/**
 * Whether `name` is an IANA time zone name this runtime knows (spec §2: `timezone` is an
 * IANA zone name, stored with the post for display only). Numeric offsets such as
 * `-03:00`, which recent runtimes also accept as zones, are refused: they are not names.
 *
 * @example
 * ```ts
 * isIanaTimeZone('America/Sao_Paulo'); // true
 * isIanaTimeZone('UTC'); // true
 * isIanaTimeZone('-03:00'); // false
 * isIanaTimeZone('Mars/Olympus_Mons'); // false
 * ```
 */
export function isIanaTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  // Building a DateTimeFormat costs tens of microseconds; the set of zones is small.
  knownZones.add(name);
  return true;
}

const knownZones = new Set<string>();
