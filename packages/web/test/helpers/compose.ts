/**
 * What the composer's tests need beside the browser: real image files made with sharp,
 * the API as the signed-up person sees it, files dropped and items dragged as a mouse
 * does, and what a form control says about itself (its accessible description).
 */
import { randomBytes } from 'node:crypto';
import { Reelay } from '@reelay/sdk';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * An image of the given size. With `noise`, every pixel is random, so the file stays
 * large (a PNG of noise does not compress): an upload that takes a moment.
 *
 * @example
 * ```ts
 * await page.getByLabel('Escolher arquivos').setInputFiles(await imageFile('cafe.png', 1080, 1350));
 * ```
 */
export async function imageFile(
  name: string,
  width: number,
  height: number,
  options: { noise?: boolean } = {},
): Promise<ImageFile> {
  const jpeg = /\.jpe?g$/i.test(name);
  const pixels = options.noise
    ? sharp(randomBytes(width * height * 3), {
        raw: { width, height, channels: 3 },
      })
    : sharp({
        create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } },
      });
  const buffer = jpeg ? await pixels.jpeg().toBuffer() : await pixels.png().toBuffer();
  return { name, mimeType: jpeg ? 'image/jpeg' : 'image/png', buffer };
}

/**
 * The SDK signed in as a person of the app (Bearer mode, their first project), to check
 * through the API what the page did.
 *
 * @example
 * ```ts
 * const api = await apiAs(app.url, email);
 * const { total } = await api.posts.list();
 * ```
 */
export async function apiAs(
  baseUrl: string,
  email: string,
  password = 'senha-bem-longa',
): Promise<Reelay> {
  const api = new Reelay({ baseUrl });
  const session = await api.auth.login({ email, password });
  api.setAccessToken(session.accessToken);
  const { projects } = await api.me.get();
  api.setProjectId(projects[0]!.id);
  return api;
}

/** The texts a control is described by (`aria-describedby`), joined. */
export async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' | '),
  );
}

/** The id of the element that has focus. */
export function focusedId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.id ?? '');
}

/**
 * Drops files on an element the way a browser does when files are dragged from the
 * desktop: `dragover`, then `drop`, carrying them in a `DataTransfer`.
 */
export async function dropFiles(target: Locator, files: ImageFile[]): Promise<void> {
  const payload = files.map((file) => ({
    name: file.name,
    type: file.mimeType,
    base64: file.buffer.toString('base64'),
  }));
  await target.evaluate((element, list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      element.dispatchEvent(
        new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }
  }, payload);
}

/** Drags one element onto another with the mouse's events (`dragstart`, `dragover`, `drop`). */
export async function dragOnto(source: Locator, target: Locator): Promise<void> {
  const transfer = await source.page().evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
  await source.dispatchEvent('dragend', { dataTransfer: transfer });
}
