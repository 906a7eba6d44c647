/**
 * Texts of the calendar added with its agenda, day view and hover cards, in Portuguese
 * (Brazil). Mounted in `pt-BR.ts` inside `calendar`, beside its older keys.
 */
export const calendarPtBR = {
  readNote:
    'Passe o mouse sobre um post, ou chegue nele com Tab, para ler a legenda inteira, as contas e a situação; Esc fecha. No celular, o calendário abre a lista: a agenda, com cada post por inteiro.',
  filters_zero: 'Filtros',
  filters_one: 'Filtros (1 ativo)',
  filters_other: 'Filtros ({{count}} ativos)',
};
