/**
 * A local HTTP server that hands out real image files, generated on demand:
 * `/image/<width>x<height>.<jpg|png|webp>` (optionally `?seed=` to vary the pixels).
 * Posts import them by URL (with REELAY_ALLOW_PRIVATE_URLS=true, as in development).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface MediaServer {
  url: string;
  /** URL of a generated image. */
  image(width: number, height: number, format?: 'jpg' | 'png' | 'webp', seed?: number): string;
  /** Serves fixed bytes at a path (videos made by a test, broken files…). */
  serve(path: string, body: Buffer, contentType: string): string;
  close(): Promise<void>;
}

export async function startMediaServer(): Promise<MediaServer> {
  const fixed = new Map<string, { body: Buffer; contentType: string }>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const known = fixed.get(url.pathname);
    if (known) {
      res.writeHead(200, {
        'content-type': known.contentType,
        'content-length': known.body.length,
      });
      return res.end(known.body);
    }
    const match = /^\/image\/(\d+)x(\d+)\.(jpg|png|webp)$/.exec(url.pathname);
    if (!match) return res.writeHead(404).end();
    const [, width, height, format] = match;
    const seed = Number(url.searchParams.get('seed') ?? 0);
    const image = sharp({
      create: {
        width: Number(width),
        height: Number(height),
        channels: 3,
        background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 120 },
      },
    });
    const body = await (
      format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.jpeg()
    ).toBuffer();
    const type = format === 'jpg' ? 'image/jpeg' : `image/${format}`;
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    image: (width, height, format = 'jpg', seed = 0) =>
      `${base}/image/${width}x${height}.${format}?seed=${seed}`,
    serve(path, body, contentType) {
      fixed.set(path, { body, contentType });
      return `${base}${path}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
