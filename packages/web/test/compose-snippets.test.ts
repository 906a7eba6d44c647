/**
 * Saved captions and hashtag groups in the composer, in real Chromium against a real
 * server: one inserted at the caption's cursor, one added after what was typed, the
 * selected part of a caption saved as a hashtag group and the whole caption as a
 * caption, each read back through the API. No serious accessibility violation.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { signUp } from '@reelay/test-support/flows';
import { seriousViolations } from './helpers/axe';
import { apiAs, focusedId } from './helpers/compose';

describe('saved captions and hashtags in the composer', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
    await connectAccount(app, api, 'cafe.aurora');
    await api.snippets.create({ kind: 'hashtags', title: 'Café', text: '#café #barista' });
    await api.snippets.create({
      kind: 'caption',
      title: 'Abertura',
      text: 'Portas abertas às 7h!',
    });
    await page.goto(`${app.url}/app/compose`);
    await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const caption = () => page.getByLabel('Legenda', { exact: true });
  const select = (field: Locator, start: number, end: number) =>
    field.evaluate(
      (element: HTMLTextAreaElement, [from, to]) => {
        element.focus();
        element.setSelectionRange(from!, to!);
      },
      [start, end],
    );

  it('inserts a hashtag group where the cursor was in the caption', async () => {
    await caption().fill('Bom dia! Hoje tem bolo.');
    await select(caption(), 8, 8);
    await page.getByRole('button', { name: 'Inserir legenda ou hashtags guardadas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Legendas e hashtags guardadas' });
    const hashtags = dialog.getByRole('region', { name: 'Grupos de hashtags' });
    await hashtags.getByRole('button', { name: 'Café' }).waitFor();
    expect(
      await dialog
        .getByRole('region', { name: 'Legendas' })
        .getByRole('button', { name: 'Abertura' })
        .getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(await seriousViolations(page), 'with the snippets listed').toEqual([]);
    await hashtags.getByRole('button', { name: 'Café' }).click();
    await page.getByText('“Café” inserido na legenda.').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await caption().inputValue()).toBe('Bom dia! #café #barista Hoje tem bolo.');
    // The cursor is right after what was inserted.
    await expect.poll(() => focusedId(page)).toBe('compose-caption');
    expect(await caption().evaluate((element: HTMLTextAreaElement) => element.selectionStart)).toBe(
      23,
    );
    // The counters follow.
    await page.getByText('2 de 30 hashtags').waitFor();
  });

  it('adds a saved caption after the text when the cursor is at its end', async () => {
    await caption().fill('Sexta-feira.');
    await page.getByRole('button', { name: 'Inserir legenda ou hashtags guardadas' }).click();
    await page.getByRole('button', { name: 'Abertura' }).click();
    expect(await caption().inputValue()).toBe('Sexta-feira. Portas abertas às 7h!');
  });

  it('saves the selected hashtags as a hashtag group, and the whole caption as a caption', async () => {
    const text = 'Promoção de verão! #verão #praia';
    await caption().fill(text);
    await select(caption(), text.indexOf('#'), text.length);
    await page.getByRole('button', { name: 'Guardar como trecho' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar como trecho' });
    await dialog.waitFor();
    await dialog.getByText('Guarda o texto selecionado na legenda').waitFor();
    // Offered once the dialog has read the selection.
    await expect.poll(() => dialog.getByLabel('Grupo de hashtags').isChecked()).toBe(true);
    await expect.poll(() => dialog.getByLabel('Texto').inputValue()).toBe('#verão #praia');
    // A title is needed.
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await dialog.getByRole('alert').getByText('Dê um título ao trecho.').waitFor();
    expect(await seriousViolations(page), 'saving a snippet').toEqual([]);
    await dialog.getByLabel('Título').fill('Verão');
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('“Verão” guardado como grupo de hashtags.').waitFor();
    expect(await dialog.count()).toBe(0);

    // No selection: the whole caption, as a caption.
    await select(caption(), 3, 3);
    await page.getByRole('button', { name: 'Guardar como trecho' }).click();
    await dialog.getByText('Guarda a legenda, para reusar').waitFor();
    expect(await dialog.getByLabel('Legenda', { exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Texto').inputValue()).toBe(text);
    await dialog.getByLabel('Título').fill('Promoção');
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('“Promoção” guardada como legenda.').waitFor();

    const { snippets } = await api.snippets.list();
    const saved = Object.fromEntries(
      snippets.map((snippet) => [snippet.title, { kind: snippet.kind, text: snippet.text }]),
    );
    expect(saved.Verão).toEqual({ kind: 'hashtags', text: '#verão #praia' });
    expect(saved.Promoção).toEqual({ kind: 'caption', text });
    // The caption is as it was.
    expect(await caption().inputValue()).toBe(text);
    expect(opened.problems).toEqual([]);
  });
});
