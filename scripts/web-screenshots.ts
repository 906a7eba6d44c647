/**
 * Screenshots of the web app for docs/web-app.md (`pnpm docs:screenshots`): starts a real
 * server with the Instagram emulator and a webhook receiver, signs up a demo person in
 * Chromium, connects an emulated account, makes posts through the SDK (scheduled,
 * published, failed, and an editor's post awaiting approval), a webhook subscription with
 * deliveries and API keys, and comments by other people on the published post (read into
 * the inbox, one answered, one hidden); then opens
 * every page of the banner's navigation and its menu (so pages added later are included;
 * the inbox with a thread open), the published post's page and, signed out, the sign-in
 * page, each at a laptop's 1280×800 and at a phone's 390×844, in light and in dark mode,
 * and saves `docs/images/web-app/<page>[-phone]-<light|dark>.png`. The
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
const PHONE = { width: 390, height: 844 };
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

/**
 * Other people comment on the published post; the inbox reads them (as "Check now"
 * does), the account answers one with a saved reply and hides a spam comment. Answers the
 * thread to show open: a question with a follower's reply, not answered yet.
 */
async function inboxComments(app: AppServer, publishedPostId: string): Promise<string> {
  const api = new Reelay({ baseUrl: app.url });
  api.setAccessToken((await api.auth.login({ email: EMAIL, password: PASSWORD })).accessToken);
  api.setProjectId((await api.me.get()).projects[0]!.id);
  const { post } = await api.posts.get(publishedPostId);
  const mediaId = post.platforms[0]!.platformPostId!;
  const comment = (username: string, text: string, parentId?: string) =>
    app.emulator.addComment({ mediaId, username, text, ...(parentId ? { parentId } : {}) }).id;
  const hours = comment('ana.souza', 'Vocês abrem no domingo? Queria levar minha mãe ☕');
  const lactose = comment('bia.martins', 'Tem leite sem lactose para o cappuccino?');
  comment('caio_r', 'Também queria saber!', lactose);
  const spam = comment('seguidores.ja', 'Ganhe 10 mil seguidores hoje!!! Link na bio');
  comment('duda.lima', 'Melhor café do centro, sem dúvida.');
  await api.comments.sync();
  const { savedReply } = await api.savedReplies.create({
    title: 'Horário',
    text: 'Abrimos todos os dias, das 7h às 19h. Esperamos vocês!',
  });
  await api.savedReplies.create({
    title: 'Cardápio',
    text: 'O cardápio completo está no link da bio.',
  });
  const { comments } = await api.comments.list({ postId: publishedPostId });
  const threadOf = (platformCommentId: string) =>
    comments.find((thread) => thread.platformCommentId === platformCommentId)!;
  await api.comments.reply(threadOf(hours).id, { message: savedReply.text });
  await api.comments.hide(threadOf(spam).id);
  return threadOf(lactose).id;
}

/**
 * The pages of the banner's navigation and of its menu (closed, but in the page): their
 * paths and names (without a link's count), each once.
 */
async function navigationPages(page: Page): Promise<ScreenshotPage[]> {
  const links = await page
    .getByRole('banner')
    .locator('a[href^="/app/"]')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        path: anchor.getAttribute('href')!,
        title: (anchor.querySelector('.nav-name')?.textContent ?? anchor.textContent ?? '').trim(),
      })),
    );
  const unique = links.filter(
    (link, index) => links.findIndex((other) => other.path === link.path) === index,
  );
  return unique.map((link) => ({
    ...link,
    slug: link.path.replace(/^\/app\//, '').replace(/\W+/g, '-'),
  }));
}

/** The same page at a phone's size, after it in the table. */
function andOnAPhone(entries: readonly Shot[]): Shot[] {
  return entries.flatMap((entry) => [
    entry,
    { ...entry, title: `${entry.title} on a phone`, slug: `${entry.slug}-phone`, viewport: PHONE },
  ]);
}

/**
 * A page to capture: `open` is where the browser goes when it differs from `path`, and
 * `viewport` a size other than 1280×800.
 */
type Shot = ScreenshotPage & { open?: string; viewport?: { width: number; height: number } };

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
    const openThread = await inboxComments(app, publishedPostId);

    const navigation = await navigationPages(page);
    if (navigation.length === 0) throw new Error('the header has no navigation links');
    // The inbox shows a thread open. The post page opens from the calendar, not the
    // header: the published demo post.
    const inbox = { open: `/app/inbox?thread=${openThread}` };
    const signedIn: Shot[] = andOnAPhone([
      ...navigation.map((entry) => (entry.path === '/app/inbox' ? { ...entry, ...inbox } : entry)),
      {
        path: '/app/posts/<id>',
        open: `/app/posts/${publishedPostId}`,
        title: 'Post',
        slug: 'post',
      },
    ]);

    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    const capture = async (on: Page, entry: Shot) => {
      await on.setViewportSize(entry.viewport ?? VIEWPORT);
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
    const signIn = andOnAPhone([{ path: '/app', title: 'Sign in', slug: 'sign-in' }]);
    const signedOut = await browser.newContext(CONTEXT);
    const signedOutPage = await signedOut.newPage();
    for (const entry of signIn) await capture(signedOutPage, entry);
    await signedOut.close();
    const pages: ScreenshotPage[] = [...signedIn, ...signIn].map(({ slug, title, path }) => ({
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
