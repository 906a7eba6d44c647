/**
 * Steps several tests take the way a person does: signing up, connecting an emulated
 * Instagram account through the emulator's consent page.
 */
import type { Page } from 'playwright-core';
import type { AppServer } from './app-server';

let people = 0;

/** A new e-mail address for each sign-up of a test run. */
export function newEmail(): string {
  people += 1;
  return `pessoa${people}.${Date.now().toString(36)}@example.com`;
}

/**
 * Opens the app and creates an account through the sign-up form (labels in either
 * language); the app opens on the calendar, then the navigation leads to the accounts
 * page: resolves once it shows.
 */
export async function signUp(page: Page, app: AppServer, email = newEmail()): Promise<string> {
  await page.goto(`${app.url}/app`);
  await page.getByRole('button', { name: /Criar conta|Create one|Create an account/ }).click();
  await page.getByLabel(/E-mail/).fill(email);
  await page.getByLabel(/^(Senha|Password)/).fill('senha-bem-longa');
  await page.getByRole('button', { name: /^(Criar conta|Create account)$/ }).click();
  await page.getByRole('heading', { level: 1, name: /^(Calendário|Calendar)$/ }).waitFor();
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^(Contas|Accounts)$/ })
    .click();
  await page
    .getByRole('heading', { level: 1, name: /Contas conectadas|Connected accounts/ })
    .waitFor();
  return email;
}

/**
 * Clicks a "connect" button, then picks `username` and allows (or denies) on the
 * emulator's authorization page; resolves back on the accounts page.
 */
export async function connectThroughConsentPage(
  page: Page,
  connectButton: ReturnType<Page['getByRole']>,
  username: string,
  decision: 'Allow' | 'Deny' = 'Allow',
): Promise<void> {
  await connectButton.click();
  await page.waitForURL(/\/oauth\/authorize/);
  const escaped = username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByLabel(new RegExp(`@${escaped}\\b`)).check();
  await page.getByRole('button', { name: decision }).click();
  await page.waitForURL(/\/app\/accounts/);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/**
 * Runs `action` with the app's menu open (the pages visited now and then, the language,
 * sign out), then closes the menu if it is still open.
 *
 * @example
 * ```ts
 * await inAppMenu(page, () => page.getByLabel('Idioma').selectOption('en'));
 * ```
 */
export async function inAppMenu(page: Page, action: () => Promise<unknown>): Promise<void> {
  const button = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await action();
  if ((await button.count()) > 0 && (await button.getAttribute('aria-expanded')) === 'true')
    await page.keyboard.press('Escape');
}
