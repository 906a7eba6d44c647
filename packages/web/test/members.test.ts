/**
 * The members and invitation pages in real Chromium against a real server whose sign-up
 * is closed: the owner invites an editor and copies the link, shown once; a new person
 * opens it, creates an account through the invitation page and lands in the project, its
 * role shown in the project switcher; as an editor they see the team but no invite form;
 * the owner sees them listed with their role, changes it and removes them. A used or
 * unknown link says so, and a new API key gets the role chosen for it. Invited again, the
 * person accepts while signed in (the owner, with another e-mail, is told the link is not
 * theirs) and then leaves the project. No serious accessibility violation on any of these
 * pages.
 */
import { isReelayError, Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAppMenu } from '@reelay/test-support/flows';
import { signUpThroughApi, signedInLink } from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { seriousViolations } from './helpers/axe';
import { apiAs } from './helpers/compose';

const PASSWORD = 'senha-bem-longa';
const INVITEE = `bia.${Date.now().toString(36)}@example.com`;

/** What the API answers a call, as the code of its refusal or 'ok'. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (isReelayError(error)) return error.code;
    throw error;
  }
}

describe('the members and invitation pages', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let owner: OpenedPage;
  let invitee: OpenedPage;
  let ownerEmail: string;
  let ownerApi: Reelay;
  let projectId: string;
  let link = '';

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      // Closed: only an invitation lets a second person sign up.
      startAppServer({ env: { REELAY_ALLOW_SIGNUP: 'false' } }),
      launchBrowser(),
    ]);
    ownerEmail = await signUpThroughApi(app);
    ownerApi = await apiAs(app.url, ownerEmail);
    projectId = ownerApi.projectId!;
    owner = await openPage(browser);
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.url,
    });
    invitee = await openPage(browser, { locale: 'en-US' });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A member's card in the list of people with access, found by a text of it. */
  const memberRow = (page: Page, text: string | RegExp) =>
    page
      .getByRole('list', { name: /^(Pessoas com acesso|People with access)$/ })
      .getByRole('listitem')
      .filter({ hasText: text });

  it('shows the owner alone, with the invite form, reached from the navigation', async () => {
    const page = owner.page;
    await page.goto(await signedInLink(app, ownerEmail, '/app/calendar'));
    await inAppMenu(page, () =>
      page.getByRole('navigation').getByRole('link', { name: 'Membros', exact: true }).click(),
    );
    await page.getByRole('heading', { level: 1, name: 'Membros' }).waitFor();
    await memberRow(page, new RegExp(ownerEmail)).waitFor();
    expect(await memberRow(page, new RegExp(ownerEmail)).textContent()).toContain('Dono');
    // The owner's own row offers neither a role change nor leaving.
    expect(await page.getByRole('button', { name: 'Sair do projeto' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Convidar alguém' }).waitFor();
    await page.getByText('Nenhum convite pendente.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('creates an invitation link, shown once and copied, and lists it as pending', async () => {
    const page = owner.page;
    await page.getByLabel('E-mail da pessoa').fill(INVITEE);
    await page.getByLabel(/^Papel/).selectOption({ label: 'Editor' });
    await page.getByRole('button', { name: 'Criar link de convite' }).click();
    const reveal = page.getByRole('region', { name: `Convite para ${INVITEE}` });
    await reveal.waitFor();
    const text = (await reveal.textContent())!;
    expect(text).toContain('Copie agora: este valor não será mostrado de novo.');
    expect(text).toContain('vale uma vez, por 7 dias');
    link = await reveal.getByLabel('Link do convite').inputValue();
    expect(link).toMatch(new RegExp(`^${app.url}/app/invite/rly_inv_`));

    await reveal.getByRole('button', { name: 'Copiar' }).click();
    await reveal.getByText('Copiado para a área de transferência.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const pending = page.getByRole('region', { name: 'Convites pendentes' });
    await pending.getByRole('listitem').filter({ hasText: INVITEE }).waitFor();
    expect(
      await pending.getByRole('listitem').filter({ hasText: INVITEE }).textContent(),
    ).toContain('Editor');
    expect(await seriousViolations(page), 'with the link shown').toEqual([]);

    await reveal.getByRole('button', { name: 'Já guardei' }).click();
    await page.reload();
    await pending.getByRole('listitem').filter({ hasText: INVITEE }).waitFor();
    expect(await page.content()).not.toContain(link);
  });

  it('lets the invited person sign up through the link and opens the project', async () => {
    const page = invitee.page;
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Invitation to a project' }).waitFor();
    // What the link offers shows before anything is typed, and the e-mail is filled in.
    await page
      .getByText(
        `This invitation is for ${INVITEE}, to join the project “Projeto principal” as Editor.`,
      )
      .waitFor();
    await expect.poll(() => page.getByLabel(/^E-mail/).inputValue()).toBe(INVITEE);
    expect(await seriousViolations(page), 'signed out').toEqual([]);
    await page.getByLabel('Your name (optional)').fill('Bia Editora');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account and accept the invitation' }).click();

    await page
      .getByRole('heading', { level: 1, name: 'You joined the project “Projeto principal”' })
      .waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain(
      'Your role there: Editor.',
    );
    // The project switcher now offers the person's own project and the shared one, with the role.
    const switcher = page.getByRole('banner').getByLabel('Project');
    expect(await switcher.inputValue()).toBe(projectId);
    expect(
      await switcher
        .locator('optgroup')
        .evaluateAll((groups) => groups.map((group) => group.getAttribute('label'))),
    ).toEqual(['Your projects', 'Shared with you']);
    expect(await switcher.locator('option:checked').textContent()).toBe(
      'Projeto principal (Editor)',
    );
    expect(await seriousViolations(page), 'joined').toEqual([]);
    expect(invitee.problems).toEqual([]);
  });

  it('shows the editor the team without the invite form or the role controls', async () => {
    const page = invitee.page;
    await page.getByRole('link', { name: 'See the members' }).click();
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await memberRow(page, new RegExp(ownerEmail)).waitFor();
    expect(
      await page
        .getByText(
          'Only an admin or the owner invites people, changes roles and removes members. Your role is Editor.',
        )
        .count(),
    ).toBe(1);
    expect(await page.getByRole('heading', { name: 'Invite someone' }).count()).toBe(0);
    expect(await page.getByLabel('E-mail of the person').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Pending invitations' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    // Their own row offers to leave.
    expect(
      await memberRow(page, /Bia Editora/)
        .getByRole('button', { name: 'Leave the project' })
        .count(),
    ).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('says a used link was already accepted, and an unknown one does not exist', async () => {
    const page = invitee.page;
    await page.goto(link);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page
      .getByRole('alert')
      .getByText(/already accepted/)
      .waitFor();

    await page.goto(`${app.url}/app/invite/rly_inv_no-such-invitation-here`);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page
      .getByRole('alert')
      .getByText('This invitation does not exist', { exact: false })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists the new member with their role for the owner, who changes it', async () => {
    const page = owner.page;
    await page.reload();
    const row = memberRow(page, /Bia Editora/);
    await row.waitFor();
    expect(await row.textContent()).toContain(INVITEE);
    const select = row.getByRole('combobox', { name: 'Papel de Bia Editora' });
    expect(await select.inputValue()).toBe('editor');
    // Accepted, the invitation is no longer pending.
    await page.getByText('Nenhum convite pendente.').waitFor();

    await select.selectOption({ label: 'Leitor' });
    await row.getByRole('button', { name: 'Salvar o papel de Bia Editora' }).click();
    await page.getByText('Bia Editora agora é Leitor.').waitFor();
    const { members } = await ownerApi.members.list(projectId);
    expect(members.find((member) => member.email === INVITEE)?.role).toBe('viewer');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('removes the member after confirming; their access ends', async () => {
    const page = owner.page;
    const memberApi = await apiAs(app.url, INVITEE);
    memberApi.setProjectId(projectId);
    expect(await outcome(memberApi.members.list(projectId))).toBe('ok');

    await page.getByRole('button', { name: 'Remover Bia Editora do projeto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover Bia Editora do projeto?' });
    expect(await seriousViolations(page), 'with the dialog open').toEqual([]);
    await dialog.getByRole('button', { name: 'Remover', exact: true }).click();
    await page.getByText('Bia Editora foi removido do projeto.').waitFor();
    expect(await memberRow(page, /Bia Editora/).count()).toBe(0);

    const { members } = await ownerApi.members.list(projectId);
    expect(members.map((member) => member.email)).toEqual([ownerEmail]);
    expect(await outcome(memberApi.members.list(projectId))).not.toBe('ok');
  });

  it('creates an API key with the role chosen, shown in its row', async () => {
    const page = owner.page;
    await inAppMenu(page, () =>
      page
        .getByRole('navigation')
        .getByRole('link', { name: 'Chaves de API', exact: true })
        .click(),
    );
    await page.getByRole('heading', { level: 1, name: 'Chaves de API' }).waitFor();
    expect(await page.getByLabel(/^Papel/).inputValue()).toBe('admin');
    await page.getByLabel(/^Nome/).fill('painel-leitura');
    await page.getByLabel(/^Papel/).selectOption({ label: 'Leitor' });
    await page.getByRole('button', { name: 'Criar chave' }).click();
    await page.getByRole('row', { name: /painel-leitura/ }).waitFor();
    expect(await page.getByRole('row', { name: /painel-leitura/ }).textContent()).toContain(
      'Leitor',
    );
    const { apiKeys } = await ownerApi.apiKeys.list(projectId);
    expect(apiKeys.find((key) => key.name === 'painel-leitura')?.role).toBe('viewer');
    expect(await seriousViolations(page)).toEqual([]);
  });
  it('lets a signed-in person accept a link for their e-mail only, then leave the project', async () => {
    const { invitation } = await ownerApi.invitations.create(projectId, {
      email: INVITEE,
      role: 'viewer',
    });

    // The owner is signed in with another e-mail: the page says so and offers to sign out.
    await owner.page.goto(invitation.url);
    await owner.page.getByRole('button', { name: 'Aceitar convite' }).click();
    await owner.page.getByRole('alert').getByText('Este convite é para outro e-mail.').waitFor();
    await owner.page.getByRole('button', { name: 'Sair para usar outro e-mail' }).waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);

    const page = invitee.page;
    await page.goto(invitation.url);
    await page.getByText(`You are signed in as ${INVITEE}.`).waitFor();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'You joined the project “Projeto principal”' })
      .waitFor();
    expect(await page.getByRole('banner').getByLabel('Project').inputValue()).toBe(projectId);

    await page.getByRole('link', { name: 'See the members' }).click();
    await memberRow(page, /Bia Editora/)
      .getByRole('button', { name: 'Leave the project' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Leave the project “Projeto principal”?' });
    await dialog.getByRole('button', { name: 'Leave the project' }).click();
    // The app moves to the person's own project, where they are the owner.
    await page.getByText('Your role here: Owner.').waitFor();
    expect(await page.getByRole('banner').getByLabel('Project').count()).toBe(0);
    const { members } = await ownerApi.members.list(projectId);
    expect(members.map((member) => member.email)).toEqual([ownerEmail]);
    expect(invitee.problems).toEqual([]);
    expect(owner.problems).toEqual([]);
  });
});
