/**
 * The name a media item's file had when it was sent: what the person recognises it by in
 * the library. Kept as a label only (never a path: storage keys are made of ids), so it
 * is reduced to one line of printable text of bounded length.
 */

/** Characters of a stored file name; longer names keep their start and their extension. */
export const MEDIA_FILE_NAME_MAX = 120;

/** Characters of `q`, the search over file names of `GET /v1/media`. */
export const MEDIA_SEARCH_MAX_LENGTH = 100;

// Control characters, and the marks that reorder text (a name could otherwise show as
// "gpj.exe" in the library).
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The file name to keep for a media item, or `null` when nothing readable is left. Any
 * folder part is dropped (browsers on Windows may send `C:\fakepath\…`), unprintable
 * characters are removed, spaces collapsed, and a long name is cut in the middle so its
 * extension stays.
 *
 * @example
 * ```ts
 * mediaFileName('C:\\fotos\\Verão 2026.JPG'); // 'Verão 2026.JPG'
 * mediaFileName('\u202egpj.exe');             // 'gpj.exe'
 * mediaFileName('   ');                       // null
 * ```
 */
export function mediaFileName(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(/\s+/g, ' ').replace(UNPRINTABLE, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return null;
  const chars = [...clean];
  if (chars.length <= MEDIA_FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? [...clean.slice(dot)] : [];
  const kept = extension.length > 0 && extension.length <= 10 ? extension : [];
  return chars.slice(0, MEDIA_FILE_NAME_MAX - kept.length - 1).join('') + '…' + kept.join('');
}

/**
 * The file name of a URL import: the last segment of the URL's path, decoded.
 *
 * @example
 * ```ts
 * fileNameOfUrl('https://cdn.example.com/fotos/caf%C3%A9.jpg?w=1080'); // 'café.jpg'
 * fileNameOfUrl('https://example.com/');                               // null
 * ```
 */
export function fileNameOfUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const segment = path
    .split('/')
    .filter((part) => part !== '')
    .pop();
  if (segment === undefined) return null;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape: the segment as written is still a recognisable name.
  }
  return mediaFileName(decoded);
}
