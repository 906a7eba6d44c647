/**
 * Drafts and approvals in real Chromium against a real server whose sign-up is closed:
 * the owner invites an editor from the Members page and the editor joins through the
 * link; the owner requires approval in Settings (the editor sees the switch but cannot
 * change it) and a profile decides for itself on the accounts page; the editor's
 * scheduled post awaits approval, counted beside the navigation's Approvals link and
 * listed on the Needs approval page (approve and reject offered to the owner only); the
 * owner approves it on its page and it is scheduled. Another post is rejected with a
 * reason, which the editor reads on the draft, edits in the composer and submits again;
 * its time having passed meanwhile, the owner publishes it now. A draft saved from the
 * composer without an account or media lists what it lacks and sits beside the calendar,
 * on a phone too. No serious accessibility violation on any of these pages.
 */
import type { Post, Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAppMenu } from '@reelay/test-support/flows';
import {
  connectAccount,
  signUpThroughApi,
  signedInLink,
  uploadPhoto,
} from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { seriousViolations } from './helpers/axe';
import { apiAs, imageFile } from './helpers/compose';

const PASSWORD = 'senha-bem-longa';
const EDITOR = `bia.${Date.now().toString(36)}@example.com`;
const DAY_MS = 86_400_000;

describe('drafts and approvals in the web app', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let owner: OpenedPage;
  let editor: OpenedPage;
  let ownerApi: Reelay;
  let editorApi: Reelay;
  let projectId: string;
  let accountId: string;
  let photo: string;
  let link = '';
  let approvedId = '';
  let rejected: Post;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startAppServer({ env: { REELAY_ALLOW_SIGNUP: 'false' } }),
      launchBrowser(),
    ]);
    const ownerEmail = await signUpThroughApi(app);
    ownerApi = await apiAs(app.url, ownerEmail);
    projectId = ownerApi.projectId!;
    accountId = (await connectAccount(app, ownerApi, 'cafe.aurora')).integrationId;
    photo = await uploadPhoto(ownerApi);
    owner = await openPage(browser);
    await owner.page.goto(await signedInLink(app, ownerEmail, '/app/members'));
    editor = await openPage(browser, { locale: 'en-US' });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const approvalsLink = (page: Page, name: string | RegExp) =>
    page.getByRole('navigation').getByRole('link', { name, exact: typeof name === 'string' });
  const status = (page: Page) => page.locator('.post-facts .status-badge');

  it('lets the owner invite an editor from the Members page, who joins through the link', async () => {
    const page = owner.page;
    await page.getByRole('heading', { level: 1, name: 'Membros' }).waitFor();
    await page.getByLabel('E-mail da pessoa').fill(EDITOR);
    await page.getByLabel(/^Papel/).selectOption({ label: 'Editor' });
    await page.getByRole('button', { name: 'Criar link de convite' }).click();
    link = await page
      .getByRole('region', { name: `Convite para ${EDITOR}` })
      .getByLabel('Link do convite')
      .inputValue();
    expect(link).toMatch(new RegExp(`^${app.url}/app/invite/rly_inv_`));

    await editor.page.goto(link);
    await editor.page.getByRole('heading', { level: 1, name: 'Invitation to a project' }).waitFor();
    await expect.poll(() => editor.page.getByLabel(/^E-mail/).inputValue()).toBe(EDITOR);
    await editor.page.getByLabel('Your name (optional)').fill('Bia Editora');
    await editor.page.getByLabel(/^Password/).fill(PASSWORD);
    await editor.page
      .getByRole('button', { name: 'Create account and accept the invitation' })
      .click();
    await editor.page
      .getByRole('heading', { level: 1, name: 'You joined the project “Projeto principal”' })
      .waitFor();
    editorApi = await apiAs(app.url, EDITOR);
    editorApi.setProjectId(projectId);
    // Nothing awaits approval yet: the link shows no count.
    await approvalsLink(editor.page, 'Approvals').waitFor();
  });

  it('lets the owner require approval in Settings, which the editor sees but cannot change', async () => {
    const page = owner.page;
    await inAppMenu(page, () =>
      page.getByRole('navigation').getByRole('link', { name: 'Configurações' }).click(),
    );
    const toggle = page.getByRole('switch', { name: 'Exigir aprovação para posts de editores' });
    expect(await toggle.isChecked()).toBe(false);
    expect(await seriousViolations(page), 'settings, approval off').toEqual([]);
    await toggle.check();
    await page.getByText('Aprovação exigida: os posts de editores aguardam aprovação.').waitFor();
    expect((await ownerApi.projectSettings.get(projectId)).settings.approvalRequired).toBe(true);

    await inAppMenu(editor.page, () =>
      editor.page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click(),
    );
    const readOnly = editor.page.getByRole('switch', {
      name: "Require approval for editors' posts",
    });
    await expect.poll(() => readOnly.isChecked()).toBe(true);
    expect(await readOnly.isDisabled()).toBe(true);
    await editor.page
      .getByText('Only an admin or the owner changes this. Your role is Editor.')
      .waitFor();
    expect(await seriousViolations(editor.page), 'settings, read only').toEqual([]);
  });

  it("lets the owner choose a profile's approval on the accounts page", async () => {
    const { profile } = await ownerApi.profiles.create({ name: 'Cliente Sol' });
    const page = owner.page;
    await page.getByRole('navigation').getByRole('link', { name: 'Contas' }).click();
    const choice = page.getByLabel('Aprovação de posts de editores em Cliente Sol');
    expect(await choice.inputValue()).toBe('inherit');
    expect(await choice.locator('option:checked').textContent()).toBe(
      'Seguir o projeto (exigida agora)',
    );
    await choice.selectOption({ label: 'Não exigida' });
    await page
      .getByRole('region', { name: 'Cliente Sol' })
      .getByRole('button', { name: 'Salvar', exact: true })
      .click();
    await page.getByText('Aprovação em Cliente Sol: Não exigida.').waitFor();
    const { profiles } = await ownerApi.profiles.list();
    expect(profiles.find((item) => item.id === profile.id)?.approvalRequired).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("holds the editor's scheduled post for approval, counted beside the Approvals link", async () => {
    const page = editor.page;
    await page.getByRole('navigation').getByRole('link', { name: 'Compose' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compose a post' }).waitFor();
    await page.getByLabel('Choose files').setInputFiles(await imageFile('pao.jpg', 1080, 1350));
    await page.getByText('Image · JPEG ·').waitFor();
    await page.getByLabel('Caption', { exact: true }).fill('Pão de queijo às sete!');
    await page.getByLabel('@cafe.aurora').check();
    await page.getByLabel('Schedule', { exact: true }).check();
    await page.getByRole('button', { name: 'Schedule post', exact: true }).click();
    await page.getByRole('heading', { name: 'Post sent for approval' }).waitFor();
    await approvalsLink(page, 'Approvals, 1 post waiting').waitFor();
    expect(
      await approvalsLink(page, /^Approvals/)
        .locator('.nav-count')
        .textContent(),
    ).toBe('1');
    const { posts } = await editorApi.posts.list({ status: 'awaiting_approval' });
    expect(posts.map((post) => post.content)).toEqual(['Pão de queijo às sete!']);
    approvedId = posts[0]!.id;

    await page.getByRole('link', { name: 'View the post' }).click();
    await status(page).getByText('Awaiting approval').waitFor();
    await page
      .getByText("It is scheduled (or published) only once an admin or the project's owner")
      .waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await seriousViolations(page), 'post awaiting, as the editor').toEqual([]);
  });

  it('lists it on the Needs approval page, with approve and reject for the owner only', async () => {
    await editor.page
      .getByRole('navigation')
      .getByRole('link', { name: /^Approvals/ })
      .click();
    await editor.page.getByRole('heading', { level: 1, name: 'Needs approval' }).waitFor();
    await editor.page.getByRole('link', { name: 'Pão de queijo às sete!' }).waitFor();
    await editor.page
      .getByText('Only an admin or the owner approves or rejects posts. Your role is Editor.')
      .waitFor();
    expect(await editor.page.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    expect(await seriousViolations(editor.page), 'approvals, as the editor').toEqual([]);

    const page = owner.page;
    await page.reload();
    await approvalsLink(page, 'Aprovações, 1 post aguardando').click();
    await page.getByRole('heading', { level: 1, name: 'Aguardando aprovação' }).waitFor();
    const item = page.getByRole('article', { name: 'Pão de queijo às sete!' });
    await item.getByRole('button', { name: 'Aprovar o post “Pão de queijo às sete!”' }).waitFor();
    await item.getByRole('button', { name: 'Recusar o post “Pão de queijo às sete!”' }).waitFor();
    expect(await item.textContent()).toContain('@cafe.aurora');
    expect(await seriousViolations(page), 'approvals, as the owner').toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    // Past Pico's colour transitions.
    await page.waitForTimeout(300);
    expect(await seriousViolations(page), 'approvals, dark').toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('lets the owner approve it on its page, with a note: it is scheduled', async () => {
    const page = owner.page;
    await page.getByRole('link', { name: 'Pão de queijo às sete!' }).click();
    await page.getByRole('heading', { level: 1, name: 'Detalhes do post' }).waitFor();
    await status(page).getByText('Aguardando aprovação').waitFor();
    await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprovar este post?' });
    await dialog.getByText(/^Ele será publicado em /).waitFor();
    expect(await seriousViolations(page), 'with the approve dialog').toEqual([]);
    await dialog.getByLabel('Nota para quem escreveu (opcional)').fill('Pode ir!');
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByText(/^Post aprovado: será publicado em /).waitFor();
    await status(page).getByText('Agendado').waitFor();
    // Nothing else waits: the link's count is gone.
    await approvalsLink(page, 'Aprovações').waitFor();
    expect((await ownerApi.posts.get(approvedId)).post.status).toBe('scheduled');
    const { notes } = await ownerApi.posts.notes(approvedId);
    expect(notes.map((note) => note.text)).toEqual(['Pode ir!']);
    await page.getByRole('region', { name: 'Atividade' }).getByText('aprovou o post').waitFor();
  });

  it('rejects a post with the reason, which the editor reads on the draft', async () => {
    rejected = (
      await editorApi.posts.create({
        content: 'Bolo de fubá com goiabada',
        mediaItems: [{ mediaId: photo }],
        platforms: [{ platform: 'instagram', accountId }],
        scheduledFor: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      })
    ).post;
    expect(rejected.status).toBe('awaiting_approval');
    const page = owner.page;
    await page.goto(`${app.url}/app/posts/${rejected.id}`);
    await page.getByRole('button', { name: 'Recusar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Recusar este post?' });
    // The reason is required.
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await dialog.getByText('Escreva o motivo, para quem escreveu saber o que mudar.').waitFor();
    expect(await dialog.getByLabel('Motivo').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page), 'with the reject dialog').toEqual([]);
    await dialog.getByLabel('Motivo').fill('A foto está escura: troque por uma mais clara.');
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await page.getByText('Post recusado: voltou a rascunho, com o seu motivo.').waitFor();
    await status(page).getByText('Rascunho').waitFor();

    const mine = editor.page;
    await mine.goto(`${app.url}/app/posts/${rejected.id}`);
    const reason = mine.getByRole('note', { name: 'Rejected: what to change' });
    await reason.getByText('A foto está escura: troque por uma mais clara.').waitFor();
    await mine.getByText('It is complete: it can be submitted.').waitFor();
    await mine.getByRole('button', { name: 'Submit', exact: true }).waitFor();
    expect(await seriousViolations(mine), 'rejected draft, as the editor').toEqual([]);
  });

  it('lets the editor edit the draft in the composer and submit it again', async () => {
    const page = editor.page;
    await page.getByRole('link', { name: 'Edit the draft' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit the draft' }).waitFor();
    const caption = page.getByLabel('Caption', { exact: true });
    await expect.poll(() => caption.inputValue()).toBe('Bolo de fubá com goiabada');
    expect(await page.getByLabel('@cafe.aurora').isChecked()).toBe(true);
    await page.getByText('Image · JPEG ·').waitFor();
    expect(await seriousViolations(page), 'composer, editing a draft').toEqual([]);
    await caption.fill('Bolo de fubá com goiabada, foto nova');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await page.getByRole('heading', { name: 'Draft saved' }).waitFor();
    await page.getByText('It is complete: submit it from its page when you wish.').waitFor();
    const saved = (await editorApi.posts.get(rejected.id)).post;
    expect(saved).toMatchObject({
      status: 'draft',
      content: 'Bolo de fubá com goiabada, foto nova',
    });
    // The same time, to the minute the composer shows.
    const moved = Date.parse(saved.scheduledFor!) - Date.parse(rejected.scheduledFor!);
    expect(Math.abs(moved)).toBeLessThan(60_000);
    expect(saved.platforms.map((target) => target.integrationId)).toEqual([accountId]);

    await page.getByRole('link', { name: 'Open the draft' }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page
      .getByText('Draft submitted: it awaits the approval of an admin or the owner.')
      .waitFor();
    await status(page).getByText('Awaiting approval').waitFor();
    await approvalsLink(page, 'Approvals, 1 post waiting').waitFor();
  });

  it('asks for now or a new time when the time passed while the post waited', async () => {
    // Its time is gone (as if it waited two days).
    const past = Date.now() - 60_000;
    const { db } = app.reelay.context;
    await db
      .updateTable('posts')
      .set({ scheduled_for: past })
      .where('id', '=', rejected.id)
      .execute();
    await db
      .updateTable('post_targets')
      .set({ scheduled_for: past })
      .where('post_id', '=', rejected.id)
      .execute();
    const page = owner.page;
    await page.goto(`${app.url}/app/posts/${rejected.id}`);
    await page
      .getByText('O horário dele passou enquanto ele aguardava: nada foi publicado.', {
        exact: false,
      })
      .waitFor();
    await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprovar este post?' });
    const when = dialog.getByRole('group', { name: 'Quando publicar' });
    expect(await when.getByLabel('Agora').isChecked()).toBe(true);
    await when.getByLabel('Em um novo horário').check();
    await dialog.getByLabel('Data').waitFor();
    expect(await seriousViolations(page), 'approve dialog, time passed').toEqual([]);
    await when.getByLabel('Agora').check();
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByText('Post aprovado: o Reelay está publicando.').waitFor();
    expect((await ownerApi.posts.get(rejected.id)).post.status).toBe('queued');
  });

  it('saves a draft from the composer, lists what it lacks and shows it beside the calendar', async () => {
    const page = editor.page;
    await page.goto(`${app.url}/app/compose`);
    await page.getByLabel('Caption', { exact: true }).fill('Ideia: café gelado no verão');
    await page.getByRole('button', { name: 'Save as draft', exact: true }).click();
    await page.getByRole('heading', { name: 'Draft saved' }).waitFor();
    await page
      .getByText('It still lacks 2 things before it can be submitted: see its page.')
      .waitFor();
    await page.getByRole('link', { name: 'Open the draft' }).click();
    await page.getByText('Choose at least one account.').waitFor();
    await page.getByText('Add at least one photo or video.').waitFor();
    await page.getByText('No time yet').waitFor();
    expect(await seriousViolations(page), 'draft lacking accounts and media').toEqual([]);

    await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).click();
    const drafts = page.getByRole('complementary', { name: 'Drafts without a time' });
    await drafts.getByRole('link', { name: 'Ideia: café gelado no verão' }).waitFor();
    expect(await drafts.textContent()).toContain('No account yet');
    // The scheduled post and the one publishing sit in the grid in their statuses' colours.
    await page.locator('.post-event.status-scheduled').first().waitFor();
    expect(await seriousViolations(page), 'calendar with drafts').toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    const entry = drafts.getByRole('link', { name: 'Ideia: café gelado no verão' });
    await entry.scrollIntoViewIfNeeded();
    const box = (await entry.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await entry.click();
    await page.getByRole('heading', { level: 1, name: 'Post details' }).waitFor();
    expect(editor.problems).toEqual([]);
    expect(owner.problems).toEqual([]);
  });
});
