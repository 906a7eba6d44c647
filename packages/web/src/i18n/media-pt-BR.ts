/**
 * Portuguese (Brazil) texts of the media library's upkeep: the file name a media was sent
 * with, unused media (deleted after some days) and the "Guardar" that saves them. Mounted
 * in `pt-BR.ts` as `mediaUpkeep`; `media-en.ts` must have exactly these keys.
 */
export const mediaPtBR = {
  fileName: 'Arquivo',
  unusedBadge: 'Sem uso',
  unusedHint:
    'Nenhum post usa esta mídia: ela é apagada depois de alguns dias, a menos que seja guardada.',
  keptHint: 'Guardada: não é apagada mesmo sem uso.',
  keep: 'Guardar',
  kept: '“{{title}}” foi guardada: não é apagada mesmo sem uso.',
  unkept:
    '“{{title}}” não está mais guardada: se nenhum post a usar, é apagada depois de alguns dias.',
  use: 'Uso',
  allUses: 'Todas',
  unusedOnly: 'Só as sem uso',
  usedOnly: 'Só as usadas',
  search: 'Nome do arquivo',
  searchHint: 'Parte do nome, em maiúsculas ou minúsculas.',
  emptyFiltered: 'Nenhuma mídia com estes filtros.',
};
