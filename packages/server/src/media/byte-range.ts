/**
 * The `Range` header of a file request (RFC 9110 §14). The platform and browsers fetch
 * video in pieces; one range is served as 206, anything this server does not do (several
 * ranges, other units, bad syntax) is answered with the whole file, as the RFC allows.
 */

export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Decides how to answer a `Range` header for a file of `size` bytes.
 *
 * @example
 * ```ts
 * rangeOf('bytes=0-99', 1000); // { kind: 'partial', start: 0, end: 99 }
 * rangeOf('bytes=-100', 1000); // { kind: 'partial', start: 900, end: 999 }
 * rangeOf('bytes=5000-', 1000); // { kind: 'unsatisfiable' }
 * ```
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
