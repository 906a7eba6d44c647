/**
 * Portuguese (Brazil) texts of the evergreen queue: the switch in the posting schedule
 * editor that fills empty slots with published posts again. Mounted in `pt-BR.ts` as
 * `evergreen`; `evergreen-en.ts` must have exactly these keys.
 */
export const evergreenPtBR = {
  legend: 'Fila evergreen',
  enabled: 'Reaproveitar posts evergreen nos horários vazios',
  help: 'Um horário que chega sem post recebe uma cópia do post publicado marcado como evergreen que está há mais tempo sem sair.',
  minDays: 'Dias, no mínimo, entre duas saídas do mesmo post',
  minDaysHint: 'De {{min}} a {{max}} dias.',
  minDaysInvalid: 'Informe um número inteiro de dias entre {{min}} e {{max}}.',
  post: {
    title: 'Evergreen',
    switch: 'Post evergreen: pode voltar nos horários vazios',
    hint: 'Depois de publicado, o post volta como um post novo (mesmas mídias, legenda e contas) num horário vazio de uma agenda com a fila evergreen ligada.',
    on: 'O post agora é evergreen.',
    off: 'O post deixou de ser evergreen.',
    copyOf: 'Cópia evergreen de',
    original: 'o post original',
    readOnly: 'Este post é evergreen.',
  },
};
