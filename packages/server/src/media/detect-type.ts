/**
 * What a file is, from its first bytes (magic numbers), never from its name or the
 * `Content-Type` a client or a remote server claimed.
 */
import { fileTypeFromFile } from 'file-type';

/** Detected types that are the same container under another name. */
const ALIASES: Record<string, string> = {
  // Apple's M4V is an MPEG-4 Part 14 file with an extra brand.
  'video/x-m4v': 'video/mp4',
};

/**
 * The MIME type of a file by its magic bytes, or `null` when nothing is recognised.
 *
 * @example
 * ```ts
 * await detectMime('/tmp/upload-1'); // 'image/png'
 * ```
 */
export async function detectMime(path: string): Promise<string | null> {
  const found = await fileTypeFromFile(path);
  if (!found) return null;
  return ALIASES[found.mime] ?? found.mime;
}
