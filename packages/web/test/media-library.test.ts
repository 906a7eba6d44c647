/**
 * The media library in real Chromium against a real server and the Instagram emulator:
 * the project's media with what the server measured and the kinds each fits, an upload
 * from the page, the type filter and the pages in the address, a media's detail with the
 * posts using it, a deletion refused while a scheduled post holds the media (the post
 * named and linked) and done once that post is cancelled, and media reused from the
 * composer, the picker offering only what fits the kind chosen. No serious accessibility
 * violation, no console error.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '@reelay/test-support/api-steps';
import { appDatabases, startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs, imageFile } from './helpers/compose';
import { signUp } from '@reelay/test-support/flows';
import { reelFile } from './helpers/video';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(appDatabases())('the media library on %s', { timeout: 60_000 }, (database) => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let accountId: string;
  /** The library's media by role: a photo a post will hold, a free photo, a Reel video. */
  const media = {} as Record<'held' | 'free' | 'video', string>;

  const card = (id: string) => page.locator(`#media-${id}`);
  const cards = () => page.locator('.library-grid article');
  const openLibrary = async (query = '') => {
    await page.goto(`${app.url}/app/media${query}`);
    await page.getByRole('heading', { level: 1, name: 'Biblioteca de mídia' }).waitFor();
    await page.locator('.library-grid, .library-page .empty').first().waitFor();
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ database }), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
    ({ integrationId: accountId } = await connectAccount(app, api, 'cafe.aurora'));
    const upload = async (file: { name: string; buffer: Buffer }) =>
      (await api.media.upload(file.buffer, { filename: file.name })).media.id;
    media.held = await upload(await imageFile('bolo.jpg', 1080, 1350));
    media.video = await upload(await reelFile('padaria.mp4'));
    media.free = await upload(await imageFile('pao.jpg', 1080, 1080));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lists the media with what the server measured, from the navigation, with no serious accessibility violation', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Mídia' }).click();
    await page.getByRole('heading', { level: 1, name: 'Biblioteca de mídia' }).waitFor();
    await card(media.held).waitFor();
    expect(await cards().count()).toBe(3);
    // Newest first.
    expect(await cards().first().getAttribute('id')).toBe(`media-${media.free}`);

    const photo = await card(media.held).locator('dl').innerText();
    expect(photo).toMatch(/Formato\s+JPEG/);
    expect(photo).toMatch(/Tamanho\s+\d+ KB/);
    expect(photo).toMatch(/Dimensões\s+1080 × 1350 px/);
    expect(photo).toMatch(/Serve para\s+Feed, Story, Carrossel/);
    expect(photo).not.toContain('Duração');
    expect(await card(media.held).getByRole('heading', { level: 3 }).innerText()).toMatch(
      /^Imagem de /,
    );
    expect(await card(media.held).locator('img').getAttribute('src')).toMatch(/^http:\/\/127/);

    const video = await card(media.video).locator('dl').innerText();
    expect(video).toMatch(/Formato\s+MP4/);
    expect(video).toMatch(/Dimensões\s+360 × 640 px/);
    expect(video).toMatch(/Duração\s+3,2 s/);
    expect(video).toMatch(/Serve para\s+Reel, Story, Carrossel/);
    expect(await card(media.video).getByRole('heading', { level: 3 }).innerText()).toMatch(
      /^Vídeo de /,
    );
    expect(await card(media.video).locator('video').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('uploads from the page, with the composer’s checks, and shows the new media', async () => {
    await page
      .getByLabel('Escolher arquivos')
      .setInputFiles(await imageFile('cafe.png', 1080, 1350));
    await page.getByText('cafe.png foi adicionada à biblioteca.').waitFor();
    await expect.poll(() => cards().count()).toBe(4);
    // A file the server would refuse is refused before sending, with the reason.
    await page.getByLabel('Escolher arquivos').setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('não é mídia'),
    });
    const refused = page.getByRole('list', { name: 'Envios em andamento' });
    await refused.getByText('Tipo de arquivo não aceito').waitFor();
    await refused.getByRole('button', { name: 'Dispensar notas.txt' }).click();
    expect(await refused.count()).toBe(0);
    expect((await api.media.list()).total).toBe(4);
  });

  it('filters by type and pages through, both kept in the address', async () => {
    await page.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Vídeos' });
    await page.waitForURL(/\/app\/media\?type=video$/);
    await expect.poll(() => cards().count()).toBe(1);
    await card(media.video).waitFor();
    await page.reload();
    await card(media.video).waitFor();
    expect(await page.getByRole('combobox', { name: 'Tipo' }).inputValue()).toBe('video');

    // 25 media in all: two pages of 24.
    for (let index = 0; index < 21; index += 1) {
      const { buffer } = await imageFile(`extra-${index}.jpg`, 400, 500);
      await api.media.upload(buffer, { filename: `extra-${index}.jpg` });
    }
    await openLibrary('?sort=asc');
    expect(await page.getByRole('combobox', { name: 'Ordem' }).inputValue()).toBe('asc');
    expect(await cards().count()).toBe(24);
    expect(await cards().first().getAttribute('id')).toBe(`media-${media.held}`);
    await page.getByText('25 mídias · página 1 de 2.').waitFor();
    const pages = page.getByRole('navigation', { name: 'Páginas da biblioteca' });
    expect(await pages.getByRole('button', { name: 'Página anterior' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Próxima página' }).click();
    await page.waitForURL(/\?sort=asc&page=2$/);
    await page.getByText('25 mídias · página 2 de 2.').waitFor();
    await expect.poll(() => cards().count()).toBe(1);
    await page.goBack();
    await page.getByText('25 mídias · página 1 de 2.').waitFor();
  });

  it('shows the posts that use a media in its detail, each linked', async () => {
    const { post } = await api.posts.create({
      content: 'Bolo de fubá na sexta!',
      mediaItems: [{ mediaId: media.held }],
      platforms: [{ platform: 'instagram', accountId }],
      scheduledFor: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      timezone: 'America/Sao_Paulo',
    });
    await openLibrary('?sort=asc');
    await card(media.held)
      .getByRole('button', { name: /^Detalhes: Imagem de / })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Imagem de / }).waitFor();
    const used = dialog.getByRole('list', { name: 'Posts que usam esta mídia' });
    const link = used.getByRole('link', { name: /^Post de / });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/app/posts/${post.id}`);
    expect(await used.getByText('Agendado').count()).toBe(1);
    expect(await dialog.getByText('Dimensões').count()).toBe(0); // facts in one line here
    await dialog.getByText('Imagem · JPEG ·').waitFor();
    expect(await seriousViolations(page), 'with the detail open').toEqual([]);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A media no post uses says so.
    await card(media.free)
      .getByRole('button', { name: /^Detalhes/ })
      .click();
    await page.getByRole('dialog').getByText('Nenhum post usa esta mídia.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('refuses to delete a media a scheduled post uses, naming the post, and deletes it once the post is cancelled', async () => {
    const postId = (await api.media.get(media.held)).media.posts[0]!.id;
    const deleteHeld = async () => {
      await card(media.held)
        .getByRole('button', { name: /^Apagar: Imagem de / })
        .click();
      const confirm = page.getByRole('dialog', { name: /^Apagar “Imagem de / });
      await confirm.getByText('O arquivo sai deste servidor').waitFor();
      await confirm.getByRole('button', { name: 'Apagar' }).click();
    };
    await deleteHeld();
    const refusal = card(media.held).getByRole('alert');
    await refusal
      .getByText(
        'Não foi apagada: um post agendado usa esta mídia. Cancele o post ou espere a publicação e tente de novo.',
      )
      .waitFor();
    const blocking = refusal.getByRole('list', { name: 'Posts que impedem apagar' });
    await blocking.getByText('Agendado').waitFor();
    expect((await api.media.get(media.held)).media.id).toBe(media.held);
    expect(await seriousViolations(page), 'with the refusal shown').toEqual([]);

    // The link leads to the post, where it is cancelled.
    await blocking.getByRole('link', { name: /^Post de / }).click();
    await page.waitForURL(new RegExp(`/app/posts/${postId}$`));
    await page.getByRole('button', { name: 'Cancelar o post' }).click();
    await page
      .getByRole('dialog', { name: 'Cancelar este post?' })
      .getByRole('button', { name: 'Cancelar o post' })
      .click();
    await page.getByText('Post cancelado.').waitFor();

    await openLibrary('?sort=asc');
    await deleteHeld();
    await page
      .getByRole('status')
      .getByText(/^“Imagem de .*” foi apagada\.$/)
      .waitFor();
    await card(media.held).waitFor({ state: 'detached' });
    await expect(api.media.get(media.held)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reuses library media in the composer, offering only what fits the kind chosen', async () => {
    await page.goto(`${app.url}/app/compose`);
    await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
    await page.getByLabel('Reel', { exact: true }).check();
    await page.getByRole('button', { name: 'Escolher da biblioteca' }).click();
    let picker = page.getByRole('dialog', { name: 'Escolher da biblioteca' });
    await picker.getByText('Mostrando as mídias que servem para o tipo Reel.').waitFor();
    const choices = picker.getByRole('checkbox');
    await expect.poll(() => choices.count()).toBe(1);
    expect(await picker.getByRole('checkbox', { name: /^Vídeo de / }).count()).toBe(1);
    expect(await seriousViolations(page), 'with the picker open').toEqual([]);
    await picker.getByRole('button', { name: 'Cancelar' }).click();
    await picker.waitFor({ state: 'detached' });

    await page.getByLabel(/^Automático/).check();
    await page.getByRole('button', { name: 'Escolher da biblioteca' }).click();
    picker = page.getByRole('dialog', { name: 'Escolher da biblioteca' });
    await picker.getByText('Todas as mídias do projeto, as mais recentes primeiro.').waitFor();
    // Every media fits when the kind is automatic: the 24 left after the deletion.
    await expect.poll(() => picker.getByRole('checkbox').count()).toBe(24);
    expect(await picker.getByRole('button', { name: 'Mostrar mais' }).count()).toBe(0);
    await picker.locator(`input[aria-describedby="picker-facts-${media.free}"]`).check();
    await picker.getByRole('button', { name: 'Adicionar 1 mídia' }).click();
    await picker.waitFor({ state: 'detached' });

    const item = page.getByRole('list', { name: 'Mídias do post, na ordem em que aparecem' });
    await item.getByText(/^Imagem · JPEG · \d+ KB · 1080 × 1080 px$/).waitFor();
    await page.getByText('1 mídia da biblioteca adicionada.').waitFor();
    await page.getByLabel('Legenda', { exact: true }).fill('Pão quentinho');
    await page.getByLabel('@cafe.aurora').check();
    await page.getByRole('button', { name: 'Publicar agora', exact: true }).click();
    await page.getByRole('heading', { name: 'Post enviado para publicação' }).waitFor();
    const { posts } = await api.posts.list({ limit: 10 });
    const created = posts.find((post) => post.content === 'Pão quentinho');
    expect(created?.mediaItems.map((entry) => entry.mediaId)).toEqual([media.free]);
    expect(opened.problems).toEqual([]);
  });
});
