/**
 * The header's project switcher, for a person whose organization has several projects:
 * absent with one project, shown with two, and every page then acts on the chosen
 * project (its accounts, its posts), a choice kept across a reload. The API has no route
 * that creates a project, so the second one is written to the server's database.
 */
import { newId } from '@reelay/core';
import { Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClientFor,
  connectAccount,
  signUpThroughApi,
  signedInLink,
} from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs } from './helpers/compose';

describe('the project switcher', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let email: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    email = await signUpThroughApi(app);
    await connectAccount(app, await apiClientFor(app, email), 'loja.matriz');
    opened = await openPage(browser);
    page = opened.page;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const switcher = () => page.getByRole('banner').getByLabel('Projeto');
  const account = (username: string) => page.getByRole('article', { name: `@${username}` });

  it('is not shown while the person has one project', async () => {
    await page.goto(await signedInLink(app, email, '/app/accounts'));
    await account('loja.matriz').waitFor();
    expect(await switcher().count()).toBe(0);
  });

  it("shows the chosen project's accounts, and keeps the choice across a reload", async () => {
    const api = await apiAs(app.url, email);
    const { user, organization, projects } = await api.me.get();
    const now = Date.now();
    const second = { id: newId('project', now), name: 'Filial' };
    await app.reelay.context.db
      .insertInto('projects')
      .values({ ...second, organization_id: organization.id, environment: 'live', created_at: now })
      .execute();
    // The organization's owner is its projects' owner, as the server records a new one.
    await app.reelay.context.db
      .insertInto('project_members')
      .values({ project_id: second.id, user_id: user.id, role: 'owner', joined_at: now })
      .execute();
    const { apiKey } = await api.apiKeys.create(second.id, { name: 'filial' });
    await connectAccount(app, new Reelay({ baseUrl: app.url, apiKey: apiKey.key }), 'loja.filial');

    await page.reload();
    await account('loja.matriz').waitFor();
    expect(await switcher().inputValue()).toBe(projects[0]!.id);
    expect(await switcher().locator('option').allTextContents()).toEqual([
      projects[0]!.name,
      'Filial',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    await switcher().selectOption({ label: 'Filial' });
    await account('loja.filial').waitFor();
    expect(await account('loja.matriz').count()).toBe(0);

    await page.reload();
    await account('loja.filial').waitFor();
    expect(await switcher().inputValue()).toBe(second.id);
    expect(await account('loja.matriz').count()).toBe(0);
    expect(opened.problems).toEqual([]);
  });
});
