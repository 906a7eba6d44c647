/**
 * The banner's layout, for a person with two projects (so the project switcher shows) and
 * an editor's post awaiting approval (so the approvals link shows its count), in both
 * languages: on one row from 1280 px wide, and at narrower widths still inside the
 * viewport, with every page of the main navigation within reach. Portuguese labels are
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
  pages: string[];
  project: string;
  language: string;
  signOut: string;
}

const LANGUAGES: Labels[] = [
  {
    locale: 'pt-BR',
    nav: 'Principal',
    home: 'Reelay',
    pages: [
      'Calendário',
      'Criar post',
      'Aprovações',
      'Mídia',
      'Contas',
      'Webhooks',
      'Membros',
      'Chaves de API',
      'Configurações',
    ],
    project: 'Projeto',
    language: 'Idioma',
    signOut: 'Sair',
  },
  {
    locale: 'en-US',
    nav: 'Main',
    home: 'Reelay',
    pages: [
      'Calendar',
      'Compose',
      'Approvals',
      'Media',
      'Accounts',
      'Webhooks',
      'Members',
      'API keys',
      'Settings',
    ],
    project: 'Project',
    language: 'Language',
    signOut: 'Sign out',
  },
];

/** Widths at which everything must fit on one row. */
const WIDE = [1280, 1536, 1920];
/** Narrower widths: a laptop, a tablet, a phone. */
const NARROW = [1024, 768, 390];

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
      await page.getByRole('banner').locator('.nav-count').waitFor();
      await page.waitForLoadState('networkidle');
    });
    afterAll(async () => {
      await opened?.context.close();
    });

    const banner = () => page.getByRole('banner');
    const nav = () => banner().getByRole('navigation', { name: labels.nav });
    // A link's name may go on with its count ("Approvals, 1 post waiting").
    const pageLink = (name: string) =>
      nav().getByRole('link', {
        name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:,|$)`),
      });

    /** Every item of the banner, by its role and name. */
    function items(): Array<[string, Locator]> {
      return [
        [labels.home, nav().getByRole('link', { name: labels.home, exact: true })],
        ...labels.pages.map((name): [string, Locator] => [name, pageLink(name)]),
        [labels.project, nav().getByRole('combobox', { name: labels.project })],
        [labels.language, nav().getByRole('combobox', { name: labels.language })],
        [labels.signOut, nav().getByRole('button', { name: labels.signOut })],
      ];
    }

    it.each(WIDE)('puts the whole banner on one row at %i px', async (width) => {
      await page.setViewportSize({ width, height: 800 });
      const boxes = await Promise.all(items().map(([name, locator]) => boxOf(name, locator)));
      // One row: some horizontal line crosses every item.
      const lowestTop = Math.max(...boxes.map((box) => box.top));
      const highestBottom = Math.min(...boxes.map((box) => box.bottom));
      expect(
        lowestTop < highestBottom,
        `items on more than one row: ${JSON.stringify(boxes.map(({ name, top, bottom }) => ({ name, top, bottom })))}`,
      ).toBe(true);
      for (const [name, locator] of items()) {
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
      expect(await pageLink(labels.pages.at(-1)!).getAttribute('aria-current')).toBe('page');
      if (width === 1280) expect(await seriousViolations(page)).toEqual([]);
    });

    it.each(NARROW)('stays within %i px, with every page within reach', async (width) => {
      await page.setViewportSize({ width, height: 800 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // The banner wraps rather than hide anything: every item is there to see and reach.
      for (const [name, locator] of items()) {
        expect(await locator.isVisible(), name).toBe(true);
        expect(await showsWholeLabel(locator), name).toBeNull();
        const box = await boxOf(name, locator);
        expect(box.left, name).toBeGreaterThanOrEqual(0);
        expect(box.right, name).toBeLessThanOrEqual(width);
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await pageLink(labels.pages.at(-1)!).getAttribute('aria-current')).toBe('page');
      expect(await seriousViolations(page)).toEqual([]);
      expect(opened.problems).toEqual([]);
    });
  });
});
