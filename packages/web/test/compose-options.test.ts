/**
 * The composer's newest options in real Chromium against a real server (publishing on)
 * and the Instagram emulator: per account and per kind a trial Reel, the audio's name, the
 * AI label, Reel tags without a position, product tags only for an account connected with
 * Facebook Login (the other told why, in words), the notice past 5 hashtags, and what
 * reached Instagram. The API does not answer a target's options when a post is read, so
 * the post is read through the SDK for its kind and warnings, and the options are read in
 * the container requests Instagram received.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs, descriptionOf, imageFile } from './helpers/compose';
import { connectWithFacebook, connectWithInstagram } from './helpers/connect-steps';
import { signUp, inAppMenu } from '@reelay/test-support/flows';
import { reelFile } from './helpers/video';

describe('the composer’s newest options', { timeout: 120_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let auroraInstagramId: string;
  let shopInstagramId: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startAppServer({ facebook: true, workers: true }),
      launchBrowser(),
    ]);
    opened = await openPage(browser);
    page = opened.page;
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
    ({ instagramId: auroraInstagramId } = await connectWithInstagram(app, api, 'cafe.aurora'));
    ({ instagramId: shopInstagramId } = await connectWithFacebook(app, api, 'loja.sol'));
    await page.getByRole('navigation').getByRole('link', { name: 'Criar post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const caption = () => page.getByLabel('Legenda', { exact: true });
  /** An account's options, in either language. */
  const options = (name: string): Locator =>
    page
      .locator('details.account-options')
      .filter({ has: page.locator('summary', { hasText: `@${name}` }) });
  const hashtagNotice = () => page.locator('#compose-caption-hashtags');
  /** The container-creation requests Instagram received for an account, oldest first. */
  const containers = (instagramId: string) =>
    app.emulator
      .requests({ path: `/${instagramId}/media` })
      .filter((request) => request.method === 'POST' && request.path.endsWith('/media'));
  const postOf = async (done: Locator) => {
    const href = await done.getByRole('link', { name: 'Ver o post' }).getAttribute('href');
    return (await api.posts.get(href!.match(/^\/app\/posts\/(post_\w+)$/)![1]!)).post;
  };

  it("offers a Reel's options per account, products only with Facebook Login, and a notice past 5 hashtags", async () => {
    await page.getByLabel('Escolher arquivos').setInputFiles(await reelFile('fornada.mp4'));
    await page.getByText('Automático (Reel)').waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'fornada.mp4' })
      .getByText(/^Vídeo/)
      .waitFor();
    await page.getByLabel('@cafe.aurora').check();
    await page.getByLabel('@loja.sol').check();

    // Connected with Facebook Login: every Reel option, products without a position.
    const shop = options('loja.sol');
    await page.getByText('Opções para @loja.sol').click();
    await shop.getByLabel('Sim; o Instagram o transforma em Reel comum se ele for bem').check();
    expect(await shop.getByLabel('Não: publicar como Reel comum').isChecked()).toBe(false);
    await shop.getByLabel('Nome do áudio').fill('Som da padaria');
    await shop.getByRole('switch', { name: /^Feito com IA/ }).check();
    await shop.getByRole('button', { name: 'Adicionar marcação' }).click();
    await shop.getByLabel('Usuário', { exact: true }).fill('@barista.ana');
    expect(await shop.getByLabel('Horizontal (%)').count()).toBe(0);
    expect(await descriptionOf(shop.getByRole('group', { name: 'Marcar pessoas' }))).toContain(
      'só pelo nome de usuário: em Reels o Instagram não usa posição',
    );
    await shop.getByRole('button', { name: 'Adicionar produto' }).click();
    await shop.getByLabel('Id do produto').fill('4242');
    expect(
      await shop.getByRole('group', { name: 'Produto 1' }).getByRole('spinbutton').count(),
    ).toBe(0);

    // Connected with Instagram Login: no products, and the reason in words.
    const aurora = options('cafe.aurora');
    await page.getByText('Opções para @cafe.aurora').click();
    await aurora
      .getByText(
        'Indisponível para esta conta: ela foi conectada com o Login do Instagram, e o Instagram só permite marcar produtos em contas conectadas com o Login do Facebook',
      )
      .waitFor();
    expect(await aurora.getByRole('button', { name: 'Adicionar produto' }).count()).toBe(0);
    expect(await aurora.getByLabel('Nome do áudio').count()).toBe(1);

    // Five hashtags say nothing; the sixth brings the notice, tied to the caption.
    const five = '#pão #café #padaria #fermentação #manhã';
    await caption().fill(`Fornada das 6h ${five}`);
    expect(await hashtagNotice().textContent()).toBe('');
    await caption().fill(`Fornada das 6h ${five} #sextou`);
    const notice =
      'Mais de 5 hashtags: o Instagram anunciou em dezembro de 2025 um limite de 5 hashtags por post';
    await page.getByRole('status').filter({ hasText: notice }).waitFor();
    expect(await descriptionOf(caption())).toContain('O post ainda é aceito (até 30)');
    expect(await caption().getAttribute('aria-invalid')).toBeNull();
    expect(await seriousViolations(page), 'with the options and the notice').toEqual([]);

    await page.getByRole('button', { name: 'Publicar agora', exact: true }).click();
    const done = page.getByRole('region', { name: 'Post enviado para publicação' });
    await done.waitFor();

    // The post, read back: a Reel to both accounts, each warned about the hashtags.
    const post = await postOf(done);
    expect(post.kind).toBe('reel');
    expect(post.platforms).toHaveLength(2);
    for (const target of post.platforms) {
      expect(target.warningMessage).toContain('A legenda tem 6 hashtags');
    }

    // What Instagram was asked for: the options of each account, and nothing more.
    await expect.poll(() => containers(shopInstagramId).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => containers(auroraInstagramId).length, { timeout: 20_000 }).toBe(1);
    const shopReel = containers(shopInstagramId)[0]!.params;
    expect(shopReel.media_type).toBe('REELS');
    expect(JSON.parse(shopReel.trial_params!)).toEqual({ graduation_strategy: 'SS_PERFORMANCE' });
    expect(shopReel.audio_name).toBe('Som da padaria');
    expect(shopReel.is_ai_generated).toBe('true');
    expect(JSON.parse(shopReel.user_tags!)).toEqual([{ username: 'barista.ana' }]);
    expect(JSON.parse(shopReel.product_tags!)).toEqual([{ product_id: '4242' }]);
    const auroraReel = containers(auroraInstagramId)[0]!.params;
    expect(auroraReel.media_type).toBe('REELS');
    expect(auroraReel.caption).toBe(`Fornada das 6h ${five} #sextou`);
    for (const name of [
      'trial_params',
      'audio_name',
      'is_ai_generated',
      'product_tags',
      'user_tags',
    ]) {
      expect(auroraReel[name], name).toBeUndefined();
    }
  });

  it('places products on a feed image, refusing one without its position before sending', async () => {
    await page.getByRole('button', { name: 'Criar outro post' }).click();
    await page
      .getByLabel('Escolher arquivos')
      .setInputFiles(await imageFile('vitrine.jpg', 1080, 1350));
    await page.getByText('Automático (Feed)').waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'vitrine.jpg' })
      .getByText('1080 × 1350 px')
      .waitFor();
    await caption().fill('A vitrine de hoje #pão');
    expect(await hashtagNotice().textContent()).toBe('');
    await page.getByText('Opções para @loja.sol').click();
    const shop = options('loja.sol');
    // A feed post has no trial or audio.
    expect(await shop.getByLabel('Nome do áudio').count()).toBe(0);
    expect(await shop.getByRole('group', { name: 'Reel de teste' }).count()).toBe(0);
    await shop.getByRole('switch', { name: /^Feito com IA/ }).check();
    await shop.getByRole('button', { name: 'Adicionar produto' }).click();
    await shop.getByLabel('Id do produto').fill('4242');

    const before = (await api.posts.list()).total;
    await page.getByRole('button', { name: 'Publicar agora', exact: true }).click();
    const problem = 'Informe o id numérico e a posição (de 0 a 100%) de cada produto.';
    const products = shop.getByRole('group', { name: 'Marcar produtos' });
    await shop.getByText(problem).waitFor();
    expect(await products.getAttribute('data-invalid')).toBe('true');
    expect(await descriptionOf(products)).toContain(problem);
    // Focus moves to the refused field once it has been drawn as refused.
    const productsId = await products.getAttribute('id');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(productsId);
    expect((await api.posts.list()).total).toBe(before);
    expect(await seriousViolations(page), 'with the products refused').toEqual([]);

    await shop.getByLabel('Horizontal (%)').fill('30');
    await shop.getByLabel('Vertical (%)').fill('40');
    await page.getByRole('button', { name: 'Publicar agora', exact: true }).click();
    const done = page.getByRole('region', { name: 'Post enviado para publicação' });
    await done.waitFor();
    const post = await postOf(done);
    expect(post.kind).toBe('feed');
    expect(post.platforms.map((target) => target.warningMessage)).toEqual([null, null]);

    await expect.poll(() => containers(shopInstagramId).length, { timeout: 20_000 }).toBe(2);
    const shopFeed = containers(shopInstagramId)[1]!.params;
    expect(shopFeed.image_url).toBeDefined();
    expect(JSON.parse(shopFeed.product_tags!)).toEqual([{ product_id: '4242', x: 0.3, y: 0.4 }]);
    expect(shopFeed.is_ai_generated).toBe('true');
  });

  it('says the same in English', async () => {
    await page.getByRole('button', { name: 'Criar outro post' }).click();
    await inAppMenu(page, () => page.getByLabel('Idioma').selectOption('en'));
    await page.getByLabel('Choose files').setInputFiles(await imageFile('mesa.png', 1080, 1080));
    await page.getByText('Automatic (Feed)').waitFor();
    await page.getByLabel('Caption', { exact: true }).fill('#a #b #c #d #e #f');
    await page
      .getByRole('status')
      .filter({ hasText: 'More than 5 hashtags: in December 2025 Instagram announced' })
      .waitFor();
    await page.getByText('Options for @cafe.aurora').click();
    await options('cafe.aurora')
      .getByText('Not available for this account: it was connected with Instagram Login')
      .waitFor();
    expect(await seriousViolations(page), 'in English').toEqual([]);
    expect(opened.problems).toEqual([]);
  });
});
