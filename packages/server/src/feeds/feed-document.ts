/**
 * Reading a feed document: RSS 2.0 (and RSS 1.0/RDF), Atom and JSON Feed are parsed by
 * feedsmith (docs/feeds.md says why that library), then each item is reduced to what a
 * post needs: a key that says whether it was seen, the title, a summary, the link and
 * the first image it names (an enclosure, `media:content`, a thumbnail, or JSON Feed's
 * `image` and attachments).
 */
import { parseFeed } from 'feedsmith';
import { ReelayError } from '@reelay/core';

/** One item, reduced. */
export interface FeedItem {
  /** The guid / id, else the link; null when the item has neither (it is then skipped). */
  key: string | null;
  title: string;
  /** HTML as the feed gives it; the caption strips it. */
  summary: string;
  link: string | null;
  imageUrl: string | null;
  /** Milliseconds, when the item says; orders the items oldest first. */
  publishedAt: number | null;
}

export interface FeedDocument {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title: string | null;
  items: FeedItem[];
}

/** The parser's objects, read field by field without trusting their shape. */
type Loose = Record<string, unknown>;

const asObject = (value: unknown): Loose | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Loose)
    : undefined;
const asList = (value: unknown): Loose[] =>
  Array.isArray(value) ? value.map(asObject).filter((item): item is Loose => !!item) : [];

/** A text field: a string, or Atom's `{ value }`. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  const inner = asObject(value)?.value;
  return typeof inner === 'string' ? inner.trim() || null : null;
}

function time(value: unknown): number | null {
  const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? null : parsed;
}

const IMAGE_PATH = /\.(jpe?g|png|webp|gif)(\?|#|$)/i;

/** Whether a media entry is an image: by its declared type or medium, else its file name. */
function isImage(entry: Loose, typeField: string): boolean {
  const type = entry[typeField];
  if (typeof type === 'string' && type !== '') return type.startsWith('image/');
  if (typeof entry.medium === 'string') return entry.medium === 'image';
  return typeof entry.url === 'string' && IMAGE_PATH.test(entry.url);
}

/** The first image of Media RSS (`media:content`, `media:group`, `media:thumbnail`). */
function mediaRssImage(item: Loose): string | null {
  const media = asObject(item.media);
  if (!media) return null;
  const groups = asList(media.groups ?? (media.group ? [media.group] : []));
  const contents = [
    ...asList(media.contents),
    ...groups.flatMap((group) => asList(group.contents)),
  ];
  const content = contents.find((entry) => isImage(entry, 'type'));
  if (typeof content?.url === 'string') return content.url;
  const thumbnail = [
    ...asList(media.thumbnails),
    ...groups.flatMap((group) => asList(group.thumbnails)),
  ][0];
  return typeof thumbnail?.url === 'string' ? thumbnail.url : null;
}

function rssItem(item: Loose): FeedItem {
  const link = text(item.link);
  const enclosure = asList(item.enclosures).find((entry) => isImage(entry, 'type'));
  const content = asObject(item.content);
  return {
    key: text(item.guid) ?? link,
    title: text(item.title) ?? '',
    summary: text(item.description) ?? text(content?.encoded) ?? '',
    link,
    imageUrl: (typeof enclosure?.url === 'string' ? enclosure.url : null) ?? mediaRssImage(item),
    publishedAt: time(item.pubDate) ?? time(asObject(item.dc)?.date),
  };
}

function atomItem(entry: Loose): FeedItem {
  const links = asList(entry.links);
  const page = links.find((one) => one.rel === undefined || one.rel === 'alternate');
  const link = typeof page?.href === 'string' ? page.href : null;
  const enclosure = links.find(
    (one) => one.rel === 'enclosure' && isImage({ type: one.type, url: one.href }, 'type'),
  );
  return {
    key: text(entry.id) ?? link,
    title: text(entry.title) ?? '',
    summary: text(entry.summary) ?? text(entry.content) ?? '',
    link,
    imageUrl: (typeof enclosure?.href === 'string' ? enclosure.href : null) ?? mediaRssImage(entry),
    publishedAt: time(entry.published) ?? time(entry.updated),
  };
}

function jsonItem(item: Loose): FeedItem {
  const link = text(item.url);
  const attachment = asList(item.attachments).find((entry) => isImage(entry, 'mime_type'));
  const image =
    text(item.image) ??
    text(item.banner_image) ??
    (typeof attachment?.url === 'string' ? attachment.url : null);
  return {
    key: text(typeof item.id === 'number' ? String(item.id) : item.id) ?? link,
    title: text(item.title) ?? '',
    summary: text(item.summary) ?? text(item.content_html) ?? text(item.content_text) ?? '',
    link,
    imageUrl: image,
    publishedAt: time(item.date_published) ?? time(item.date_modified),
  };
}

/**
 * Parses a feed; throws `FEED_INVALID` when the text is none of the formats.
 *
 * @example
 * ```ts
 * const { items } = readFeedDocument('<rss version="2.0"><channel>…</channel></rss>');
 * items[0]; // { key: 'guid-1', title: 'Olá', link: 'https://…', imageUrl: 'https://…/a.jpg', … }
 * ```
 */
export function readFeedDocument(body: string): FeedDocument {
  let parsed: { format: FeedDocument['format']; feed: unknown };
  try {
    parsed = parseFeed(body) as typeof parsed;
  } catch (error) {
    throw new ReelayError('FEED_INVALID', { cause: error, details: { field: 'url' } });
  }
  const feed = asObject(parsed.feed) ?? {};
  const read = parsed.format === 'atom' ? atomItem : parsed.format === 'json' ? jsonItem : rssItem;
  const items = asList(parsed.format === 'atom' ? feed.entries : feed.items).map(read);
  return { format: parsed.format, title: text(feed.title), items };
}
