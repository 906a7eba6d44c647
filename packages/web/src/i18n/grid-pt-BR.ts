/**
 * Portuguese (Brazil) texts of the grid planner (the profile grid of an account, its
 * planned posts above the published ones) and of the suggested times in the posting
 * schedule editor. Mounted in `pt-BR.ts` as `grid`; `grid-en.ts` must have exactly these
 * keys.
 */
export const gridPtBR = {
  nav: 'Grade',
  title: 'Planejar a grade',
  help: 'A grade do perfil como ela vai ficar no Instagram, em 3 colunas e com o mais novo primeiro: os posts agendados e os rascunhos de Reelay em cima dos já publicados. Arraste um post agendado sobre outro, ou use “Trocar com…”, para trocar os horários dos dois.',
  account: 'Conta',
  noAccounts: 'Nenhuma conta conectada ainda.',
  connectFirst: 'Conecte uma conta na página de contas',
  loadFailed: 'Não foi possível ler os posts da conta.',
  gridLabel: 'Grade de @{{name}}, do mais novo para o mais antigo',
  empty: 'Nenhum post agendado, rascunho ou publicado nesta conta ainda.',
  counts: '{{planned}} planejados, {{published}} publicados (os {{max}} mais recentes no máximo).',
  publishedNote:
    'Os publicados vêm dos posts que Reelay publicou nesta conta; posts feitos fora de Reelay não aparecem.',
  zoneNote: 'Horários no fuso {{zone}}.',
  noTime: 'Sem horário',
  swapWith: 'Trocar com…',
  swapTitle: 'Trocar o horário de “{{caption}}”',
  swapIntro: 'Agora em {{time}}. Escolha o post que fica com este horário:',
  swapChoice: '“{{caption}}”, {{time}}',
  swapNone: 'Não há outro post agendado para trocar.',
  cancel: 'Cancelar',
  swapping: 'Trocando os horários…',
  swapped:
    'Horários trocados: “{{first}}” agora em {{firstTime}}, “{{second}}” agora em {{secondTime}}.',
  swapFailed: 'Os horários não foram trocados: {{reason}}',
  swapUndone:
    'Os horários não foram trocados: {{reason}} A mudança de “{{caption}}” foi desfeita; os dois posts ficam como estavam.',
  swapUndoFailed:
    'A troca ficou pela metade: {{reason}} “{{caption}}” ficou em {{time}} e não voltou ao horário anterior. Confira os dois posts.',
  dragHint: 'Arraste para outro post agendado para trocar os horários.',
  untitled: 'Sem legenda',
  suggest: {
    button: 'Sugerir horários',
    loading: 'Procurando os melhores horários…',
    failed: 'Não foi possível sugerir horários: {{reason}}',
    title: 'Horários sugeridos',
    listLabel: 'Horários sugeridos para {{name}}',
    sourceAudience: 'Pelos horários em que os seguidores da conta ficam online.',
    sourcePosts: 'Pelo alcance e pelas interações dos posts da conta nos últimos 90 dias.',
    sourceDefault:
      'A conta ainda não tem dados (menos de 100 seguidores ou poucos posts): horários comuns de engajamento, para começar.',
    reasonAudience:
      'Em média {{score}} seguidores online às {{time}} de {{day}}, o horário mais movimentado do dia.',
    reasonPosts:
      'Os posts publicados às {{time}} de {{day}} tiveram em média {{score}} de alcance e interações (interações valem 3).',
    reasonDefault: 'Um horário comum de engajamento.',
    zone: 'Horas no fuso {{zone}}.',
    use: 'Usar estes',
    used_one:
      '{{count}} horário sugerido posto na agenda, no lugar dos anteriores. Salve para mantê-lo.',
    used_other:
      '{{count}} horários sugeridos postos na agenda, no lugar dos anteriores. Salve para mantê-los.',
    none: 'Nenhum horário a sugerir.',
  },
  days: {
    caption: 'Horários de cada dia de {{name}}',
    times: 'Horários',
  },
};
