/**
 * Portuguese (Brazil) texts of the CSV import page. Mounted in `pt-BR.ts` as `import`;
 * `import-en.ts` must have exactly these keys.
 */
export const importPtBR = {
  fromCompose: 'Vários posts de uma vez? Importe um arquivo CSV.',
  title: 'Importar posts de um CSV',
  helpIntro:
    'Agende vários posts de uma vez a partir de uma planilha salva como CSV, com as mesmas colunas do comando reelay posts bulk. Uma linha é um post; o cabeçalho é obrigatório, em qualquer ordem.',
  helpColumns: 'As colunas:',
  columnHelp: {
    at: 'at (obrigatória): quando publicar: 2026-12-01T10:00-03:00, 2026-12-01 10:00 (no fuso da linha ou no seu) ou +2h, +1d.',
    media:
      'media (obrigatória): endereços https:// das imagens ou vídeos, ou ids da biblioteca (med_…), separados por |. Arquivos do computador não servem aqui: envie-os antes à biblioteca.',
    accounts:
      'accounts (obrigatória): @nome ou id (int_…) de até 5 contas conectadas, separados por |.',
    caption: 'caption: a legenda.',
    kind: 'kind: feed, reel, story ou carousel; vazio escolhe pelas mídias.',
    timezone: 'timezone: o fuso da linha (America/Sao_Paulo); vazio usa o seu.',
    first_comment: 'first_comment: o primeiro comentário.',
    idempotency_key:
      'idempotency_key: uma chave sua; vazia, a linha ganha uma feita do seu conteúdo.',
  },
  helpRepeat:
    'Nada é criado antes de você conferir a simulação e confirmar. Linhas com problemas são puladas. Importar o mesmo arquivo de novo não cria posts repetidos.',
  sample: 'Baixar um modelo (CSV)',
  choose: 'Escolher o arquivo CSV',
  dropHere: 'Solte o arquivo CSV aqui, ou',
  hint: 'Separado por vírgula ou ponto e vírgula, em UTF-8.',
  zoneNote: 'Horários sem fuso são lidos em {{zone}}, o seu fuso; os horários abaixo estão nele.',
  readFailed: 'Não foi possível ler o arquivo.',
  fileProblem: 'O arquivo {{name}} não pode ser importado: {{problem}}',
  fileProblems: {
    openQuote: 'as aspas abertas na linha {{line}} nunca foram fechadas.',
    unknownColumns: 'colunas desconhecidas: {{columns}}. As colunas aceitas são {{accepted}}.',
    missingColumns: 'faltam as colunas {{columns}}.',
    repeatedColumns: 'colunas repetidas: {{columns}}.',
    noRows: 'não há linhas além do cabeçalho.',
  },
  planTitle: 'Simulação de {{name}}',
  summary: '{{ready}}, {{problems}}.',
  ready_one: '{{count}} post pronto',
  ready_other: '{{count}} posts prontos',
  withProblems_zero: 'nenhuma linha com problemas',
  withProblems_one: '{{count}} linha com problemas',
  withProblems_other: '{{count}} linhas com problemas',
  skipNote:
    'As linhas com problemas serão puladas. Para incluí-las, corrija o arquivo e escolha-o de novo.',
  nothingReady: 'Nenhuma linha pode ser criada: corrija o arquivo e escolha-o de novo.',
  tableLabel: 'Linhas do arquivo',
  columns: {
    line: 'Linha',
    accounts: 'Contas',
    kind: 'Tipo',
    when: 'Quando',
    caption: 'Legenda',
    media: 'Mídias',
    state: 'Situação',
  },
  kindAuto: 'pelas mídias',
  noCaption: 'sem legenda',
  mediaCount_one: '{{count}} mídia',
  mediaCount_other: '{{count}} mídias',
  problemAt: 'Linha {{line}}, coluna {{column}}: {{problem}}',
  problemAtRow: 'Linha {{line}}: {{problem}}',
  problems: {
    tooManyFields: '{{fields}} campos, mas o cabeçalho tem {{columns}}.',
    emptyColumn: 'está vazia.',
    unknownZone: 'fuso horário desconhecido: "{{zone}}". Use um nome IANA, como America/Sao_Paulo.',
    time_invalid:
      'horário inválido: "{{text}}". Use 2026-12-01T10:00-03:00, 2026-12-01 10:00 ou +2h.',
    time_noZone: '"{{text}}" não diz o fuso horário.',
    time_noSuchDate: '"{{text}}": essa data não existe.',
    time_skipped:
      '"{{text}}" não existe em {{zone}}: o relógio pula essa hora quando começa o horário de verão.',
    scheduleTooSoon: '"{{text}}" precisa estar pelo menos 1 minuto no futuro.',
    scheduleTooLate: '"{{text}}" está a mais de {{days}} dias no futuro.',
    invalidKind: 'tipo desconhecido: "{{kind}}". Use {{kinds}}.',
    captionLength: 'a legenda tem {{count}} caracteres; o máximo é {{max}}.',
    captionHashtags: 'a legenda tem {{count}} hashtags; o máximo é {{max}}.',
    captionMentions: 'a legenda menciona {{count}} contas; o máximo é {{max}}.',
    invalidMediaUrl: 'endereço de mídia inválido: {{value}}.',
    localFile:
      '"{{value}}" é um arquivo do computador: use um endereço https:// ou o id de uma mídia da biblioteca (med_…).',
    mediaFile: 'arquivo de mídia não encontrado: {{value}}.',
    mediaCount:
      '{{count}} mídia(s) não servem para {{kind}} (feed e reel levam 1, carousel de 2 a 10, story 1).',
    mediaType:
      'o tipo das mídias não serve para {{kind}}: um vídeo único é um reel, e um reel precisa de um vídeo.',
    storyCaption: 'Stories não têm legenda; deixe a coluna vazia.',
    storyFirstComment: 'Stories não aceitam primeiro comentário.',
    composition: 'não serve para {{kind}}.',
    tooManyAccounts: '{{count}} contas; no máximo {{max}}.',
    sameAccountTwice: 'a mesma conta aparece duas vezes.',
    keyTooLong: 'tem mais de {{max}} caracteres.',
    unknownAccount: 'nenhuma conta conectada se chama {{account}}.',
    ambiguousAccount: '{{account}} é ambíguo: {{count}} contas têm esse nome; use o id (int_…).',
  },
  state: {
    ready: 'Pronto',
    problem: 'Pulada',
    waiting: 'Na fila',
    creating: 'Criando…',
    created: 'Criado',
    existing: 'Já existia',
    failed: 'Falhou',
  },
  openPost: 'Ver o post da linha {{line}}',
  create_one: 'Criar {{count}} post',
  create_other: 'Criar {{count}} posts',
  creating: 'Criando os posts…',
  progress: '{{done}} de {{total}} linhas',
  result: '{{created}} criados, {{existing}} já existiam, {{failed}} falharam.',
  another: 'Importar outro arquivo',
  viewerOnly:
    'Só editores, admins e o dono criam posts. Seu papel é {{role}}: você pode conferir um arquivo, mas não importá-lo.',
};
