/**
 * What the platform checks of a media file's first bytes (reference §3): feed and story
 * images must be JPEG, videos MP4 or MOV. Pure functions over the head of the file.
 */

/** Bytes needed to tell the formats apart. */
export const SNIFF_BYTES = 12;

/**
 * True for a JPEG: it starts with the SOI marker followed by another marker (FF D8 FF).
 *
 * @example
 * ```ts
 * isJpeg(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0)); // true
 * ```
 */
export function isJpeg(head: Uint8Array): boolean {
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/**
 * True for an ISO base-media file (MP4, MOV, M4V): its first box is `ftyp`, bytes 4 to 8.
 *
 * @example
 * ```ts
 * isMp4OrMov(new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypisom')])); // true
 * ```
 */
export function isMp4OrMov(head: Uint8Array): boolean {
  return head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70;
}
