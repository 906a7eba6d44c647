/**
 * Screenshots of the web app for docs/web-app.md (`pnpm docs:screenshots`): starts a real
 * server with the Instagram emulator and a webhook receiver, signs up a demo person in
 * Chromium, connects an emulated account, makes posts through the SDK (scheduled,
 * published, failed, and an editor's post awaiting approval), a webhook subscription with
 * deliveries and API keys; then opens
 * every page of the header's navigation (so pages added later are included), the
 * published post's page and, signed out, the sign-in page, at 1280×800, in light and in
 * dark mode, and saves `docs/images/web-app/<page>-<light|dark>.png`. The
 * PNGs are reduced to a palette, so each weighs about what a JPEG would. Last, the
 * screenshots table of docs/web-app.md is written again.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { Reelay } from '@reelay/sdk';
import { startReceiver } from '@reelay/test-support/webhook-receiver';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, type OpenedPage } from '@reelay/test-support/browser';
import { seedDemo } from '@reelay/test-support/demo-data';
import { signUp } from '@reelay/test-support/flows';
import { renderFile, WEB_APP_SCREENSHOTS_DIR, type ScreenshotPage } from './generated-docs';

type Page = OpenedPage['page'];

const ROOT = new URL('../', import.meta.url);
const OUT = fileURLToPath(new URL(`${WEB_APP_SCREENSHOTS_DIR}/`, ROOT));
const VIEWPORT = { width: 1280, height: 800 };
const TIME_ZONE = 'America/Sao_Paulo';
const EMAIL = 'ana@cafe-aurora.example.com';
const PASSWORD = 'senha-bem-longa';
/** Every capture's browser context: the same size, language and zone. */
const CONTEXT = {
  viewport: VIEWPORT,
  locale: 'en-US',
  timezoneId: TIME_ZONE,
  extraHTTPHeaders: { 'accept-language': 'en-US' },
};

/** A square picture of a few soft shapes, saved as a JPEG for upload. */
async function picture(path: string, hue: number): Promise<string> {
  const color = (shift: number, light: number) => `hsl(${(hue + shift) % 360}, 65%, ${light}%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">
    <rect width="1080" height="1080" fill="${color(0, 88)}"/>
    <circle cx="540" cy="600" r="300" fill="${color(20, 55)}"/>
    <circle cx="760" cy="300" r="140" fill="${color(200, 70)}"/>
    <rect x="140" y="820" width="800" height="90" rx="45" fill="${color(340, 40)}"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(path);
  return path;
}

/**
 * Approval required, and a post of an editor's key waiting for it: the Needs approval
 * page, its count in the navigation and the calendar show one.
 */
async function awaitingApproval(app: AppServer, picture: string): Promise<void> {
  const api = new Reelay({ baseUrl: app.url });
  api.setAccessToken((await api.auth.login({ email: EMAIL, password: PASSWORD })).accessToken);
  const projectId = (await api.me.get()).projects[0]!.id;
  api.setProjectId(projectId);
  await api.projectSettings.update(projectId, { approvalRequired: true });
  const { apiKey } = await api.apiKeys.create(projectId, { name: 'Agência', role: 'editor' });
  const editor = new Reelay({ baseUrl: app.url, apiKey: apiKey.key });
  const [account] = await api.accounts.list().toArray({ max: 1 });
  const { media } = await editor.media.upload(picture);
  await editor.posts.create({
    content: 'Cardápio de outono: torta de maçã e chocolate quente.',
    mediaItems: [{ mediaId: media.id }],
    platforms: [{ platform: 'instagram', accountId: account!.id }],
    scheduledFor: new Date(Date.now() + 74 * 3_600_000).toISOString(),
    timezone: TIME_ZONE,
  });
}

/** The pages of the header's navigation: their paths and names (without a link's count). */
async function navigationPages(page: Page): Promise<ScreenshotPage[]> {
  const links = await page
    .getByRole('navigation')
    .locator('a[href^="/app/"]')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        path: anchor.getAttribute('href')!,
        title: [...anchor.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
          .trim(),
      })),
    );
  return links.map((link) => ({
    ...link,
    slug: link.path.replace(/^\/app\//, '').replace(/\W+/g, '-'),
  }));
}

/** A page to capture: `open` is where the browser goes when it differs from `path`. */
type Shot = ScreenshotPage & { open?: string };

/** Opens a page and waits until it has loaded what it shows. */
async function show(page: Page, app: AppServer, path: string): Promise<void> {
  await page.goto(`${app.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () => document.querySelectorAll('[aria-busy="true"]').length === 0,
      undefined,
      { timeout: 10_000 },
    )
    .catch(async (error: unknown) => {
      const busy = await page
        .locator('[aria-busy="true"]')
        .evaluateAll((found) => found.map((element) => element.outerHTML.slice(0, 200)));
      throw new Error(`${path} is still loading: ${busy.join(' | ')}`, { cause: error });
    });
  // A moment for transitions and fonts.
  await page.waitForTimeout(300);
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'reelay-screenshots-'));
  const [app, browser, receiver] = await Promise.all([
    startAppServer({ env: { REELAY_ALLOW_PRIVATE_URLS: 'true' } }),
    launchBrowser(),
    startReceiver(),
  ]);
  try {
    const context = await browser.newContext(CONTEXT);
    const page = await context.newPage();
    await signUp(page, app, EMAIL);
    const pictures = await Promise.all(
      [30, 350, 200, 280].map((hue) => picture(join(scratch, `${hue}.jpg`), hue)),
    );
    const { publishedPostId } = await seedDemo(app, page, {
      email: EMAIL,
      password: PASSWORD,
      webhookUrl: `${receiver.url}/reelay`,
      pictures: pictures as [string, string, string, string],
      timeZone: TIME_ZONE,
    });
    await awaitingApproval(app, pictures[2]!);

    const navigation = await navigationPages(page);
    if (navigation.length === 0) throw new Error('the header has no navigation links');
    // The post page opens from the calendar, not the header: the published demo post.
    const signedIn: Shot[] = [
      ...navigation,
      {
        path: '/app/posts/<id>',
        open: `/app/posts/${publishedPostId}`,
        title: 'Post',
        slug: 'post',
      },
    ];
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    const capture = async (on: Page, entry: Shot) => {
      await show(on, app, entry.open ?? entry.path);
      for (const colorScheme of ['light', 'dark'] as const) {
        await on.emulateMedia({ colorScheme });
        await on.waitForTimeout(150);
        const shot = await on.screenshot({ type: 'png' });
        const file = join(OUT, `${entry.slug}-${colorScheme}.png`);
        await sharp(shot).png({ palette: true, quality: 85, compressionLevel: 9 }).toFile(file);
      }
      await on.emulateMedia({ colorScheme: 'light' });
      console.log(`${entry.path}: ${entry.slug}-light.png, ${entry.slug}-dark.png`);
    };
    for (const entry of signedIn) await capture(page, entry);
    // Signed out, in a context of its own: every address under /app shows the sign-in page.
    const signIn: Shot = { path: '/app', title: 'Sign in', slug: 'sign-in' };
    const signedOut = await browser.newContext(CONTEXT);
    await capture(await signedOut.newPage(), signIn);
    await signedOut.close();
    const pages: ScreenshotPage[] = [...signedIn, signIn].map(({ slug, title, path }) => ({
      slug,
      title,
      path,
    }));
    writeFileSync(join(OUT, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);

    const { current, expected } = await renderFile(ROOT, 'docs/web-app.md');
    if (current !== expected)
      writeFileSync(fileURLToPath(new URL('docs/web-app.md', ROOT)), expected);
    const files = readdirSync(OUT).filter((name) => name.endsWith('.png'));
    console.log(
      `${files.length} screenshots in ${WEB_APP_SCREENSHOTS_DIR}; docs/web-app.md updated`,
    );
  } finally {
    await browser.close();
    await receiver.close();
    await app.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
