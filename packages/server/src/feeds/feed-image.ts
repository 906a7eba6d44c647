/**
 * The image of an item that names none: the `og:image` of the page it links to, read
 * through the media fetcher's SSRF guard like any URL a user gives.
 */
import type { MediaService } from '../media/media-service';

/** A page is read up to this much: the `<head>` is near the start. */
const PAGE_MAX_BYTES = 1024 * 1024;

/** The `content` of the first `<meta property="og:image">` (either attribute order). */
export function ogImageOf(html: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attribute = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((value) => value !== undefined) ?? null;
    const property = (attribute('property') ?? attribute('name'))?.toLowerCase();
    if (property === 'og:image' || property === 'og:image:url') {
      const content = attribute('content')?.trim();
      if (content) return content.replace(/&amp;/g, '&');
    }
  }
  return null;
}

/**
 * The absolute URL of the page's `og:image`, or null when the page cannot be read or
 * names none (the item then has no image).
 *
 * @example
 * ```ts
 * await linkedPageImage(media, 'https://blog.example.com/ola'); // 'https://blog.example.com/capa.jpg'
 * ```
 */
export async function linkedPageImage(
  media: Pick<MediaService, 'fetchText'>,
  link: string,
): Promise<string | null> {
  try {
    const page = await media.fetchText(link, {
      accept: 'text/html, application/xhtml+xml',
      maxBytes: PAGE_MAX_BYTES,
    });
    if (page.notModified) return null;
    const found = ogImageOf(page.body);
    return found ? new URL(found, page.url).toString() : null;
  } catch {
    return null;
  }
}
