/**
 * Words that give away a text written in the other language, for the tests that check
 * every text and every `--help` is translated. Only words that exist in one of the two
 * languages alone (not `a`, `do`, `no`, `status`), so a hit is a real untranslated text.
 */

/** Portuguese words no English text of the CLI has. */
const PORTUGUESE = new Set(
  (
    'ainda algo agora antes ao aos arquivo até com como conta contas da das de depois deste ' +
    'desta dos em entrada erro está este esta falhou informe mais mostra nada nenhum nenhuma ' +
    'não nem nova novo os ou padrão para pela pelo perfil porta quando que sem seu sua só ' +
    'também um uma você é'
  ).split(' '),
);

/**
 * English words no Portuguese text of the CLI has: command names like `show` aside, and
 * `for`, which Portuguese has too ("quando ela for retomada").
 */
const ENGLISH = new Set(
  (
    'and any are be by cannot could default every from has have is it not of only or ' +
    'please the this to was when which with without you your'
  ).split(' '),
);

/** Letters with diacritics that English never uses. */
const PORTUGUESE_LETTERS = /[ãõçáéíóúâêôà]/i;

function words(text: string): string[] {
  // Flags, placeholders, ids, URLs and commands are names, not words of a language.
  const prose = text
    .replace(/\{\{\w+\}\}/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/--?[\w-]+/g, ' ')
    .replace(/reelay(\s+[a-z-]+){0,2}/g, ' ');
  return prose.split(/[^\p{L}]+/u).filter(Boolean);
}

/**
 * The Portuguese words in a text meant to be English.
 *
 * @example
 * ```ts
 * portugueseWordsIn('print the version'); // []
 * portugueseWordsIn('mostra a versão'); // ['mostra', 'versão']
 * ```
 */
export function portugueseWordsIn(text: string): string[] {
  return words(text).filter(
    (word) => PORTUGUESE.has(word.toLowerCase()) || PORTUGUESE_LETTERS.test(word),
  );
}

/**
 * The English words in a text meant to be Portuguese.
 *
 * @example
 * ```ts
 * englishWordsIn('mostra a versão'); // []
 * englishWordsIn('print the version'); // ['the']
 * ```
 */
export function englishWordsIn(text: string): string[] {
  return words(text).filter((word) => ENGLISH.has(word));
}
