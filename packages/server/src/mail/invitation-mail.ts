/**
 * The e-mail that carries an invitation. The person invited may not have chosen a
 * language yet, so it says the same in Portuguese and in English.
 */
import type { AssignableRole } from '@reelay/core';
import type { MailMessage } from './mailer';

const ROLE_NAMES: Record<AssignableRole, { pt: string; en: string }> = {
  admin: { pt: 'administração', en: 'admin' },
  editor: { pt: 'edição', en: 'editor' },
  viewer: { pt: 'leitura', en: 'viewer' },
};

/**
 * @example
 * ```ts
 * invitationMail({ to: 'bia@example.com', projectName: 'Café', invitedBy: 'Ana', role: 'editor', url, validDays: 7 });
 * // { to: 'bia@example.com', subject: 'Convite para o projeto Café no Reelay / …', text: '…' }
 * ```
 */
export function invitationMail(invitation: {
  to: string;
  projectName: string;
  invitedBy: string;
  role: AssignableRole;
  url: string;
  validDays: number;
}): MailMessage {
  const { projectName, invitedBy, role, url, validDays } = invitation;
  const names = ROLE_NAMES[role];
  return {
    to: invitation.to,
    subject: `Convite para o projeto ${projectName} no Reelay / Invitation to ${projectName} on Reelay`,
    text: [
      `${invitedBy} convidou você para o projeto ${projectName} no Reelay, com o papel de ${names.pt}.`,
      `Para aceitar, abra este endereço em até ${validDays} dias (vale uma vez):`,
      url,
      '',
      `${invitedBy} invited you to the project ${projectName} on Reelay, as ${names.en}.`,
      `To accept, open this address within ${validDays} days (it works once):`,
      url,
      '',
      'Se você não esperava este convite, ignore esta mensagem. / If you did not expect this invitation, ignore this message.',
    ].join('\n'),
  };
}
