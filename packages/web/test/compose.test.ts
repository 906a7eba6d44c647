/**
 * The composer in real Chromium against a real server and the Instagram emulator: an
 * upload followed byte by byte, what the server measured, the preview in Instagram's
 * frames, the caption counters, a refusal of core's rules before sending and one of the
 * server beside its field, a schedule in a named time zone checked through the API, a
 * carousel reordered by keyboard and by mouse and published now without a second post
 * when the answer is lost, and no serious accessibility violation.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDatabases, startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs, descriptionOf, dragOnto, dropFiles, focusedId, imageFile } from './helpers/compose';
import { connectThroughConsentPage, signUp } from '@reelay/test-support/flows';

describe.each(appDatabases())('the composer on %s', { timeout: 90_000 }, (database) => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ database }), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
    // One account in a profile, one without.
    await page.getByLabel('Nome do perfil').fill('Café Aurora');
    await page.getByRole('button', { name: 'Criar perfil' }).click();
    await page.getByRole('region', { name: 'Café Aurora' }).waitFor();
    app.emulator.createAccount({ username: 'cafe.aurora', accountType: 'BUSINESS' });
    await connectThroughConsentPage(
      page,
      page.getByRole('button', { name: 'Conectar conta do Instagram: Café Aurora' }),
      'cafe.aurora',
    );
    app.emulator.createAccount({ username: 'padaria.sol', accountType: 'BUSINESS' });
    await connectThroughConsentPage(
      page,
      page
        .getByRole('region', { name: 'Sem perfil' })
        .getByRole('button', { name: 'Conectar conta do Instagram' }),
      'padaria.sol',
    );
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const caption = () => page.getByLabel('Legenda', { exact: true });
  const submit = (name: string) => page.getByRole('button', { name, exact: true });
  const item = (name: string) => page.getByRole('listitem').filter({ hasText: name });

  it('opens from the navigation with no serious accessibility violation', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Criar post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
    const accounts = page.getByRole('group', { name: 'Contas' });
    await accounts.getByRole('group', { name: 'Café Aurora' }).getByLabel('@cafe.aurora').waitFor();
    await accounts.getByRole('group', { name: 'Sem perfil' }).getByLabel('@padaria.sol').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('uploads a file showing its progress, then what the server measured, and previews it in 4:5', async () => {
    // A slow uplink, so the upload is seen on its way.
    const cdp = await opened.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    const photo = await imageFile('cafe.png', 400, 500, { noise: true });
    expect(photo.buffer.length).toBeGreaterThan(500_000);
    await page.getByLabel('Escolher arquivos').setInputFiles(photo);
    const progress = item('cafe.png').getByRole('progressbar', { name: 'Enviando cafe.png' });
    await page.waitForFunction(() => {
      const bar = document.querySelector<HTMLProgressElement>('.media-item progress');
      return bar !== null && bar.value > 0.05 && bar.value < 0.95;
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await item('cafe.png').getByText('Imagem · PNG ·').waitFor();
    const facts = await item('cafe.png').locator('.media-facts').textContent();
    expect(facts).toMatch(/^Imagem · PNG · \d+ KB · 400 × 500 px$/);
    expect(await progress.count()).toBe(0);

    const preview = page.getByRole('region', { name: 'Prévia' });
    await preview.getByText('Feed, no formato retrato 4:5.').waitFor();
    const picture = preview.getByRole('img', { name: 'Mídia do post' });
    expect(await picture.getAttribute('src')).toMatch(/^blob:/);
    expect(await preview.locator('.frame').getAttribute('class')).toContain('ratio-4x5');
    expect(await page.getByLabel('Automático (Feed)').isChecked()).toBe(true);
  });

  it('counts characters, hashtags and mentions as the caption is typed', async () => {
    const text = 'Bom dia! ☕ #café #manhã com @amiga.aurora';
    await caption().fill(text);
    const counters = await descriptionOf(caption());
    expect(counters).toContain(`${[...text].length} de 2.200 caracteres`);
    expect(counters).toContain('2 de 30 hashtags');
    expect(counters).toContain('1 de 20 menções');
    await page.getByRole('region', { name: 'Prévia' }).getByText('☕ #café #manhã').waitFor();
  });

  it("refuses 31 hashtags beside the caption before sending anything (core's rules)", async () => {
    await page.getByLabel('@cafe.aurora').check();
    const hashtags = Array.from({ length: 31 }, (_, index) => `#dia${index}`).join(' ');
    await caption().fill(hashtags);
    expect(await page.locator('.counters .over').textContent()).toBe('31 de 30 hashtags');
    await submit('Publicar agora').click();
    await page.getByText('A legenda tem 31 hashtags; o máximo é 30.').waitFor();
    expect(await caption().getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(caption())).toContain('A legenda tem 31 hashtags; o máximo é 30.');
    await expect.poll(() => focusedId(page)).toBe('compose-caption');
    expect((await api.posts.list()).total).toBe(0);
    // Fixed, the error goes.
    await caption().fill('Bom dia! #café');
    expect(await caption().getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's refusal beside the option it names", async () => {
    await page.getByText('Opções para @cafe.aurora').click();
    const collaborators = page.getByLabel('Colaboradores');
    await collaborators.fill('nome inválido!');
    await submit('Publicar agora').click();
    await page.getByText('Use nomes de usuário do Instagram').waitFor();
    expect(await collaborators.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(collaborators)).toContain(
      'Use nomes de usuário do Instagram: letras, números, pontos e sublinhados, até 30 caracteres.',
    );
    const collaboratorsId = await collaborators.getAttribute('id');
    await expect.poll(() => focusedId(page)).toBe(collaboratorsId);
    expect((await api.posts.list()).total).toBe(0);
    await collaborators.fill('marca.parceira');
    expect(await seriousViolations(page), 'with the options open').toEqual([]);
  });

  it('schedules in a named time zone: the API has the moment with its offset and the zone', async () => {
    await page.getByLabel('Agendar', { exact: true }).check();
    const zone = page.getByLabel('Fuso horário');
    await zone.selectOption('Asia/Kolkata');
    expect(await zone.locator('option:checked').textContent()).toBe('Asia/Kolkata (UTC+05:30)');
    // Two to three minutes ahead, on the clocks of Kolkata.
    const moment = new Date(Math.floor((Date.now() + 3 * 60_000) / 60_000) * 60_000);
    const kolkata = new Date(moment.getTime() + 330 * 60_000).toISOString();
    await page.getByLabel('Data', { exact: true }).fill(kolkata.slice(0, 10));
    await page.getByLabel('Hora', { exact: true }).fill(kolkata.slice(11, 16));
    await page.getByText('Data e hora em Asia/Kolkata (UTC+05:30).').waitFor();
    await page.getByText(/Será publicado em .+, no fuso Asia\/Kolkata \(UTC\+05:30\)\./).waitFor();
    // Once published, it may come back in empty evergreen slots.
    await page
      .getByRole('switch', { name: 'Post evergreen: pode voltar nos horários vazios' })
      .check();

    await submit('Agendar post').click();
    const done = page.getByRole('region', { name: 'Post agendado' });
    await done.waitFor();
    expect(await done.textContent()).toContain('no fuso Asia/Kolkata (UTC+05:30) em @cafe.aurora.');
    const href = await done.getByRole('link', { name: 'Ver o post' }).getAttribute('href');
    const postId = href!.match(/^\/app\/posts\/(post_\w+)$/)![1]!;
    const { post } = await api.posts.get(postId);
    expect(post.scheduledFor).toBe(moment.toISOString());
    expect(post.timezone).toBe('Asia/Kolkata');
    expect(post.status).toBe('scheduled');
    expect(post.evergreen).toBe(true);
    expect(post.kind).toBe('feed');
    expect(post.content).toBe('Bom dia! #café');
    expect(post.idempotencyKey).toMatch(/^compose-[0-9a-f]{32}$/);
    expect(post.platforms[0]!.integrationId).toMatch(/^int_/);
    expect(await seriousViolations(page), 'on the confirmation').toEqual([]);
  });

  it('reorders a carousel by keyboard and by mouse, and previews it with previous and next', async () => {
    await page.getByRole('button', { name: 'Criar outro post' }).click();
    await caption().waitFor();
    await expect.poll(() => focusedId(page)).toBe('compose-files');
    expect(await page.getByRole('listitem').filter({ hasText: 'cafe.png' }).count()).toBe(0);
    await page
      .getByLabel('Escolher arquivos')
      .setInputFiles(await imageFile('quadrada.png', 1080, 1080));
    await dropFiles(page.locator('.drop-zone'), [await imageFile('retrato.jpg', 1080, 1350)]);
    await item('retrato.jpg').getByText('1080 × 1350 px').waitFor();
    await item('quadrada.png').getByText('1080 × 1080 px').waitFor();
    expect(await page.getByLabel('Automático (Carrossel)').isChecked()).toBe(true);

    // By keyboard: the focused button moves the item, and focus stays with it.
    await page.getByRole('button', { name: 'Mover retrato.jpg para a esquerda' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('retrato.jpg agora está na posição 1 de 2.').waitFor();
    expect(await page.locator('.media-name').allTextContents()).toEqual([
      '1. retrato.jpg',
      '2. quadrada.png',
    ]);
    // Focus follows the item once it has been drawn in its new place.
    await expect.poll(() => focusedId(page)).toMatch(/^compose-move-right-/);
    // By mouse: dragged back, then moved again with the keyboard.
    await dragOnto(item('quadrada.png'), item('retrato.jpg'));
    expect(await page.locator('.media-name').allTextContents()).toEqual([
      '1. quadrada.png',
      '2. retrato.jpg',
    ]);
    await page.getByRole('button', { name: 'Mover quadrada.png para a direita' }).click();
    expect(await page.locator('.media-name').allTextContents()).toEqual([
      '1. retrato.jpg',
      '2. quadrada.png',
    ]);

    const preview = page.getByRole('region', { name: 'Prévia' });
    await preview.getByText('Carrossel, no formato retrato 4:5.').waitFor();
    // The preview stays on the picture it showed while the items moved: the browser may
    // still be scrolling back to it, so go back until the first is shown and stays.
    const previous = preview.getByRole('button', { name: 'Anterior' });
    const shownPosition = preview.locator('.carousel-controls [aria-live]');
    await expect
      .poll(
        async () => {
          if (await previous.isEnabled()) await previous.click();
          return shownPosition.textContent();
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe('1 de 2');
    expect(await previous.isDisabled()).toBe(true);
    await preview.getByRole('button', { name: 'Próxima' }).click();
    await preview.locator('.carousel-controls').getByText('2 de 2').waitFor();
    expect(await preview.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true);
    await preview.getByRole('button', { name: 'Anterior' }).click();
    await preview.locator('.carousel-controls').getByText('1 de 2').waitFor();
  });

  it('publishes now to two accounts: lost answers, a retry and a double click make one post', async () => {
    await caption().fill('Dois cafés, duas fotos.');
    await page.getByLabel('@cafe.aurora').check();
    await page.getByLabel('@padaria.sol').check();
    await page.getByText('Opções para @padaria.sol').click();
    await page.getByLabel('Imagem 1 (retrato.jpg)').last().fill('Xícara vista de cima');
    expect(await seriousViolations(page), 'with a carousel and two accounts').toEqual([]);

    // The server creates the post, but no answer reaches the browser: the SDK sends again
    // (three attempts in all) and the page says the server did not answer.
    let attempts = 0;
    let answered = false;
    await page.route('**/v1/posts', async (route) => {
      attempts += 1;
      if (answered) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await submit('Publicar agora').click();
    const alert = page.getByRole('alert').filter({ hasText: 'Sem resposta do servidor' });
    await alert.waitFor();
    expect(attempts).toBe(3);
    expect((await api.posts.list()).total).toBe(2);
    // Sent again, with a double click: the draft's idempotency key brings the same post.
    answered = true;
    await submit('Publicar agora').dblclick();
    const done = page.getByRole('region', { name: 'Post enviado para publicação' });
    await done.waitFor();
    await page.unroute('**/v1/posts');
    expect(attempts).toBe(4);
    expect(await done.textContent()).toContain(
      'O Reelay está publicando o post em @cafe.aurora, @padaria.sol.',
    );

    const { posts, total } = await api.posts.list();
    expect(total).toBe(2);
    const carousel = posts.find((post) => post.kind === 'carousel')!;
    expect(carousel.scheduledFor).toBeNull();
    expect(carousel.mediaItems.map((media) => media.url.split('/').pop())).toEqual([
      'original.jpg',
      'original.png',
    ]);
    expect(carousel.platforms).toHaveLength(2);
    const href = await done.getByRole('link', { name: 'Ver o post' }).getAttribute('href');
    expect(href).toBe(`/app/posts/${carousel.id}`);
  });

  it('explains an address the server cannot import, beside the address field', async () => {
    await page.getByRole('button', { name: 'Criar outro post' }).click();
    const address = page.getByLabel('Ou importe de um endereço');
    await address.fill('http://example.com/foto.png');
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByText('A URL da mídia deve usar https').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(address)).toContain('A URL da mídia deve usar https');
    // The lost answer above is the one failure the browser reported; nothing else went wrong.
    expect(opened.problems.filter((problem) => !/ERR_CONNECTION_RESET/.test(problem))).toEqual([]);
  });
});
