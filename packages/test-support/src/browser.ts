/**
 * Real Chromium for the app's tests: one browser per test file, a fresh context (its own
 * storage) per person, and every page error or CSP violation recorded so a test can
 * demand there was none.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * @example
 * ```ts
 * const browser = await launchBrowser();
 * const { page } = await openPage(browser, { locale: 'pt-BR' });
 * ```
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions, CSP violations included (not 4xx answers). */
  problems: string[];
}

/**
 * A page in a new context (new storage), with the browser's languages set, and its time
 * zone and window size when given.
 */
export async function openPage(
  browser: Browser,
  options: {
    locale?: 'pt-BR' | 'en-US';
    timezoneId?: string;
    viewport?: { width: number; height: number };
  } = {},
): Promise<OpenedPage> {
  const locale = options.locale ?? 'pt-BR';
  const context = await browser.newContext({
    locale,
    extraHTTPHeaders: { 'accept-language': locale },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // An API call the server refused on purpose (a wrong password) is logged by the
    // browser too; the page shows it, and it is no fault of the page.
    const refused = /^Failed to load resource: the server responded with a status of 4\d\d/;
    if (message.type() === 'error' && !refused.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}
