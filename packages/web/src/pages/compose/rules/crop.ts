/** Cropping an image to one of Instagram's shapes before it is uploaded. */
import { MEDIA_LIMITS, type PostKind } from '@reelay/sdk';

/** A shape a crop can take: its name (`4:5`) and width ÷ height. */
export interface CropRatio {
  label: string;
  value: number;
}

/** A rectangle of the image, in its pixels. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

const feed = MEDIA_LIMITS.image.feed.aspect;

/**
 * The shapes offered for a kind: the feed's square and its narrowest and widest (4:5 and
 * 1.91:1, core's limits); 9:16 for Reels and Stories, the frame they fill.
 *
 * @example
 * ```ts
 * cropRatios('feed').map((ratio) => ratio.label); // ['1:1', '4:5', '1.91:1']
 * ```
 */
export function cropRatios(kind: PostKind): CropRatio[] {
  if (kind === 'reel' || kind === 'story') return [{ label: '9:16', value: 9 / 16 }];
  return [
    { label: '1:1', value: 1 },
    { label: '4:5', value: feed.min },
    { label: `${feed.max}:1`, value: feed.max },
  ];
}

/**
 * The largest area of a ratio the image holds, centred.
 *
 * @example
 * ```ts
 * largestArea(1600, 900, 0.8); // { x: 440, y: 0, width: 720, height: 900 }
 * ```
 */
export function largestArea(width: number, height: number, ratio: number): CropArea {
  const wide = width / height > ratio;
  const w = wide ? Math.round(height * ratio) : width;
  const h = wide ? height : Math.round(width / ratio);
  return { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), width: w, height: h };
}

/** The area moved by `dx`, `dy` pixels, kept inside the image. */
export function moveArea(area: CropArea, dx: number, dy: number, width: number, height: number) {
  return {
    ...area,
    x: Math.min(Math.max(Math.round(area.x + dx), 0), width - area.width),
    y: Math.min(Math.max(Math.round(area.y + dy), 0), height - area.height),
  };
}

/** The widest a cropped image may come out for a kind (core's limits): larger is scaled down. */
export function croppedMaxWidth(kind: PostKind): number {
  return kind === 'feed' || kind === 'carousel'
    ? MEDIA_LIMITS.image.feed.width.max
    : MEDIA_LIMITS.image.width.max;
}
