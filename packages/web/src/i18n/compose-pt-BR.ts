/**
 * Portuguese (Brazil) texts of the composer's preview tabs and frames, the queue's
 * guard, saved captions and hashtag groups, and the crop dialog. Mounted in `pt-BR.ts`
 * as `composer`; `compose-en.ts` must have exactly these keys.
 */
export const composePtBR = {
  preview: {
    accounts: 'Contas na prévia',
    panel: 'O post como a conta escolhida o mostraria',
    less: 'menos',
    actions: 'Curtir, comentar, compartilhar, salvar',
    reelZones:
      'As áreas sombreadas são cobertas pela legenda e pelos botões do Reel: deixe texto e rostos fora delas.',
    storyZones:
      'As áreas sombreadas no alto e embaixo são cobertas pelo perfil e pela caixa de resposta do Story.',
  },
  queue: {
    blocked: 'Para pôr na fila, cada conta precisa de um horário livre.',
    noSchedule_one: '{{names}} não tem agenda de publicação.',
    noSchedule_other: '{{names}} não têm agenda de publicação.',
    full_one: '{{names}} não tem horário livre na agenda.',
    full_other: '{{names}} não têm horário livre na agenda.',
  },
  snippets: {
    insert: 'Inserir legenda ou hashtags guardadas',
    save: 'Guardar como trecho',
    saveHint: 'Escreva a legenda para poder guardá-la.',
    pickerTitle: 'Legendas e hashtags guardadas',
    pickerIntro: 'O texto entra onde o cursor estava na legenda, ou no fim dela.',
    captions: 'Legendas',
    hashtags: 'Grupos de hashtags',
    none: 'Nenhum guardado ainda.',
    empty:
      'O projeto ainda não guardou legendas nem hashtags. Escreva uma legenda e use “Guardar como trecho”.',
    loadFailed: 'As legendas e hashtags guardadas não puderam ser carregadas.',
    inserted: '“{{title}}” inserido na legenda.',
    close: 'Fechar',
    saveTitle: 'Guardar como trecho',
    saveSelection: 'Guarda o texto selecionado na legenda, para reusar em outros posts do projeto.',
    saveCaption: 'Guarda a legenda, para reusar em outros posts do projeto.',
    kind: 'Guardar como',
    kindCaption: 'Legenda',
    kindHashtags: 'Grupo de hashtags',
    title: 'Título',
    titleHint: 'Até {{max}} caracteres, para achá-lo na lista.',
    titleRequired: 'Dê um título ao trecho.',
    text: 'Texto',
    textRequired: 'O texto não pode ficar vazio.',
    submit: 'Guardar',
    saving: 'Guardando…',
    cancel: 'Cancelar',
    savedCaption: '“{{title}}” guardada como legenda.',
    savedHashtags: '“{{title}}” guardado como grupo de hashtags.',
  },
  crop: {
    title: 'Cortar {{name}}',
    intro:
      'A imagem tem {{width}} × {{height}} px, fora do formato que o {{kind}} aceita. Escolha um formato e mova a área do corte (arrastando, ou com as setas do teclado).',
    ratio: 'Formato',
    area: 'Área do corte',
    areaHint: 'Use as setas para mover o corte; com Shift, em passos maiores.',
    confirm: 'Cortar e enviar',
    asIs: 'Enviar sem cortar',
  },
};
