/**
 * The banner's layout, for a person with two projects (so the project switcher shows), an
 * editor's post awaiting approval (so the approvals link shows its count) and an unread
 * comment (so the inbox link shows its count), in both languages: the name, the six main
 * pages, the switcher and the menu button on one row from 1280 px wide; narrower, still
 * inside the viewport (the switcher moves into the menu below 1024 px); on a phone, the
 * name and the menu button only, with the main pages in the bar at the bottom. The other
 * pages, the language and sign out are in the menu at every width. Portuguese labels are
 * mostly the longer ones, but not all of them ("Sign out" is longer than "Sair"), so both
 * languages are checked. Debian's Chromium draws them in DejaVu Sans, wider than most
 * systems' fonts, so a row that fits there fits elsewhere.
 */
import { newId } from '@reelay/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectAccount,
  signUpThroughApi,
  signedInLink,
  uploadPhoto,
} from '@reelay/test-support/api-steps';
import { Reelay } from '@reelay/sdk';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs } from './helpers/compose';

interface Labels {
  locale: 'pt-BR' | 'en-US';
  nav: string;
  home: string;
  /** The main pages, in the banner's row. */
  pages: string[];
  /** The pages in the menu. */
  menuPages: string[];
  project: string;
  language: string;
  signOut: string;
  menu: string;
  menuLabel: string;
  bar: string;
  more: string;
}

const LANGUAGES: Labels[] = [
  {
    locale: 'pt-BR',
    nav: 'Principal',
    home: 'Reelay',
    pages: ['Calendário', 'Criar post', 'Aprovações', 'Comentários', 'Mídia', 'Contas'],
    menuPages: ['Grade', 'Feeds', 'Webhooks', 'Membros', 'Chaves de API', 'Configurações'],
    project: 'Projeto',
    language: 'Idioma',
    signOut: 'Sair',
    menu: 'Menu',
    menuLabel: 'Outras páginas e a sua conta',
    bar: 'Páginas principais',
    more: 'Mais',
  },
  {
    locale: 'en-US',
    nav: 'Main',
    home: 'Reelay',
    pages: ['Calendar', 'Compose', 'Approvals', 'Inbox', 'Media', 'Accounts'],
    menuPages: ['Grid', 'Feeds', 'Webhooks', 'Members', 'API keys', 'Settings'],
    project: 'Project',
    language: 'Language',
    signOut: 'Sign out',
    menu: 'Menu',
    menuLabel: 'Other pages and your account',
    bar: 'Main pages',
    more: 'More',
  },
];

/** Widths at which everything must fit on one row. */
const WIDE = [1280, 1536, 1920];
/** Narrower widths: a small laptop and a tablet (a phone has a test of its own). */
const NARROW = [1024, 768];

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

async function boxOf(name: string, locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} is not rendered`);
  return { name, left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
}

/**
 * Whether an item shows its whole label: the text of a link or button on a single line,
 * and a select wide enough for its chosen option (it clips rather than wraps). A squeezed
 * banner does both before anything moves to a second row.
 */
function showsWholeLabel(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    if (element instanceof HTMLSelectElement) {
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = element.selectedOptions[0]?.text ?? '';
      const needed = context.measureText(text).width;
      const room =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return room + 0.5 >= needed ? null : `clipped: ${Math.round(room)} px for ${text}`;
    }
    const range = document.createRange();
    range.selectNodeContents(element);
    const bottoms = [...range.getClientRects()]
      .filter((rect) => rect.width > 0)
      .map((rect) => rect.bottom)
      .sort((a, b) => a - b);
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize);
    const lines = bottoms.filter(
      (bottom, index) => index === 0 || bottom - bottoms[index - 1]! > lineHeight / 2,
    ).length;
    return lines === 1 ? null : `on ${lines} lines`;
  });
}

/** The page's own width beyond the viewport: 0 when there is no horizontal scroll. */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('the banner layout', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let email: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    email = await signUpThroughApi(app);
    // The API has no route that creates a project: the second one goes in the database.
    // Its long name widens the switcher to the most the banner gives it.
    const api = await apiAs(app.url, email);
    const { user, organization } = await api.me.get();
    const now = Date.now();
    const projectId = newId('project', now);
    await app.reelay.context.db
      .insertInto('projects')
      .values({
        id: projectId,
        name: 'Filial Centro — Loja da Avenida Paulista, 1000',
        organization_id: organization.id,
        environment: 'live',
        created_at: now,
      })
      .execute();
    await app.reelay.context.db
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: user.id, role: 'owner', joined_at: now })
      .execute();
    // An editor's key posts where approval is required: the post awaits approval.
    const firstProject = api.projectId!;
    const { integrationId } = await connectAccount(app, api, 'cafe.aurora');
    await api.projectSettings.update(firstProject, { approvalRequired: true });
    const { apiKey } = await api.apiKeys.create(firstProject, { name: 'editor', role: 'editor' });
    const editor = new Reelay({ baseUrl: app.url, apiKey: apiKey.key });
    const { post } = await editor.posts.create({
      content: 'Aguardando',
      mediaItems: [{ mediaId: await uploadPhoto(api) }],
      platforms: [{ platform: 'instagram', accountId: integrationId }],
      scheduledFor: new Date(now + 86_400_000).toISOString(),
    });
    expect(post.status).toBe('awaiting_approval');
    // Someone commented on a media of the account: one unread thread in the inbox.
    await app.reelay.context.db
      .insertInto('comments')
      .values({
        id: newId('comment', now),
        project_id: firstProject,
        integration_id: integrationId,
        post_id: null,
        platform_comment_id: '17900000000000001',
        platform_media_id: '17800000000000001',
        parent_id: null,
        username: 'ana.souza',
        from_id: '17700000000000001',
        text: 'Quanto custa?',
        created_at: now,
        received_at: now,
        hidden: 0,
        deleted_at: null,
        status: 'unread',
        from_self: 0,
        assignee_id: null,
        private_reply_at: null,
        thread_activity_at: now,
      })
      .execute();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  describe.each(LANGUAGES)('in $locale', (labels) => {
    let opened: OpenedPage;
    let page: Page;

    beforeAll(async () => {
      opened = await openPage(browser, { locale: labels.locale });
      page = opened.page;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(await signedInLink(app, email, '/app/settings'));
      await page.getByRole('banner').getByLabel(labels.project).waitFor();
      await page.getByRole('banner').locator('.nav-count').nth(1).waitFor();
      await page.waitForLoadState('networkidle');
    });
    afterAll(async () => {
      await opened?.context.close();
    });

    const banner = () => page.getByRole('banner');
    const nav = () => banner().getByRole('navigation', { name: labels.nav });
    // A link's name may go on with its count ("Approvals, 1 post waiting", "Inbox, 1 unread
    // thread").
    const pageLink = (name: string) =>
      nav().getByRole('link', {
        name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:,|$)`),
      });

    const menuButton = () => nav().getByRole('button', { name: labels.menu, exact: true });

    /** Every item of the banner's row, by its role and name; the switcher from 1024 px. */
    function items(width: number): Array<[string, Locator]> {
      return [
        [labels.home, nav().getByRole('link', { name: labels.home, exact: true })],
        ...labels.pages.map((name): [string, Locator] => [name, pageLink(name)]),
        ...(width >= 1024
          ? [
              [labels.project, nav().getByRole('combobox', { name: labels.project })] as [
                string,
                Locator,
              ],
            ]
          : []),
        [labels.menu, menuButton()],
      ];
    }

    /** Whether some horizontal line crosses every box: they share a row. */
    function oneRow(boxes: Box[]): boolean {
      const lowestTop = Math.max(...boxes.map((box) => box.top));
      const highestBottom = Math.min(...boxes.map((box) => box.bottom));
      return lowestTop < highestBottom;
    }

    /** Opens the menu and checks that its pages, the language and sign out are in view. */
    async function menuWithinReach(width: number): Promise<void> {
      await menuButton().click();
      const menu = page.getByRole('navigation', { name: labels.menuLabel });
      const entries: Array<[string, Locator]> = [
        ...labels.menuPages.map((name): [string, Locator] => [
          name,
          menu.getByRole('link', { name, exact: true }),
        ]),
        [labels.language, menu.getByRole('combobox', { name: labels.language })],
        [labels.signOut, menu.getByRole('button', { name: labels.signOut })],
      ];
      if (width < 1024)
        entries.push([labels.project, menu.getByRole('combobox', { name: labels.project })]);
      for (const [name, locator] of entries) {
        expect(await locator.isVisible(), name).toBe(true);
        const box = await boxOf(name, locator);
        expect(box.left, name).toBeGreaterThanOrEqual(0);
        expect(box.right, name).toBeLessThanOrEqual(width);
        expect(box.bottom, name).toBeLessThanOrEqual(800);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
    }

    it.each(WIDE)('puts the whole banner on one row at %i px', async (width) => {
      await page.setViewportSize({ width, height: 800 });
      const all = items(width);
      const boxes = await Promise.all(all.map(([name, locator]) => boxOf(name, locator)));
      const rows = (list: Box[]) =>
        JSON.stringify(list.map(({ name, top, bottom }) => ({ name, top, bottom })));
      expect(oneRow(boxes), `items on more than one row: ${rows(boxes)}`).toBe(true);
      for (const [name, locator] of all) {
        expect(await showsWholeLabel(locator), name).toBeNull();
      }
      // In their reading order, left to right, and none beyond the viewport.
      for (let index = 1; index < boxes.length; index++) {
        expect(boxes[index]!.left, boxes[index]!.name).toBeGreaterThanOrEqual(
          boxes[index - 1]!.right - 1,
        );
      }
      expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(width);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // The current page (settings) is in the menu: its link there says so.
      expect(
        await page.locator('#app-menu a[href="/app/settings"]').getAttribute('aria-current'),
      ).toBe('page');
      if (width === 1280) {
        expect(await seriousViolations(page)).toEqual([]);
        await menuWithinReach(width);
      }
    });

    it.each(NARROW)('stays within %i px, with every page within reach', async (width) => {
      await page.setViewportSize({ width, height: 800 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // The banner wraps rather than hide anything: every item is there to see and reach.
      for (const [name, locator] of items(width)) {
        expect(await locator.isVisible(), name).toBe(true);
        expect(await showsWholeLabel(locator), name).toBeNull();
        const box = await boxOf(name, locator);
        expect(box.left, name).toBeGreaterThanOrEqual(0);
        expect(box.right, name).toBeLessThanOrEqual(width);
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await page.getByRole('navigation', { name: labels.bar }).isVisible()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await menuWithinReach(width);
      expect(opened.problems).toEqual([]);
    });

    it('keeps the name and the menu on a phone, the main pages in the bar', async () => {
      const width = 390;
      await page.setViewportSize({ width, height: 800 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      for (const name of labels.pages) expect(await pageLink(name).isVisible(), name).toBe(false);
      const home = await boxOf(labels.home, nav().getByRole('link', { name: labels.home }));
      const menu = await boxOf(labels.menu, menuButton());
      expect(oneRow([home, menu])).toBe(true);
      const bar = page.getByRole('navigation', { name: labels.bar });
      // The inbox's count shows in the bar too, and its link's name says it.
      await bar.getByRole('link', { name: new RegExp(`^${labels.pages[3]}, 1 `) }).waitFor();
      expect(await bar.getByRole('link').count()).toBe(4);
      const barBox = await boxOf(labels.bar, bar);
      expect(barBox.bottom).toBeCloseTo(800, 0);
      expect(barBox.right).toBeLessThanOrEqual(width);
      expect(await bar.getByRole('button', { name: labels.more }).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await menuWithinReach(width);
      // On a phone the menu also lists the main pages the bar has no room for.
      await menuButton().click();
      const panel = page.getByRole('navigation', { name: labels.menuLabel });
      expect(
        await panel.getByRole('link', { name: /^(Aprovações|Approvals), 1 / }).isVisible(),
      ).toBe(true);
      await page.keyboard.press('Escape');
    });
  });
});
