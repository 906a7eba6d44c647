/**
 * What to suggest for an unknown command: the words people bring from other tools
 * (`get`, `ls`, `rm`) mapped to ours, else the closest name by edit distance, always as
 * the whole command to type (`reelay posts show`), found in the command tree itself.
 */
import type { CommandUnknownOpts as Command } from '@commander-js/extra-typings';

/** Words of other CLIs, and the names they usually mean here, in order of preference. */
const ALIASES: Record<string, readonly string[]> = {
  get: ['show', 'get', 'list'],
  view: ['show'],
  info: ['show'],
  describe: ['show'],
  inspect: ['show'],
  show: ['get', 'list'],
  cat: ['show'],
  ls: ['list'],
  all: ['list'],
  rm: ['delete', 'cancel', 'disconnect', 'revoke', 'delete-context'],
  del: ['delete', 'cancel', 'disconnect', 'revoke', 'delete-context'],
  remove: ['delete', 'cancel', 'disconnect', 'revoke', 'delete-context'],
  delete: ['cancel', 'disconnect', 'revoke', 'delete-context'],
  destroy: ['delete', 'cancel', 'disconnect', 'revoke'],
  new: ['create', 'schedule', 'connect'],
  add: ['create', 'connect', 'schedule'],
  edit: ['update', 'reschedule', 'rename', 'set'],
  set: ['update', 'reschedule', 'set'],
  publish: ['create'],
  post: ['create'],
  send: ['create', 'test'],
  import: ['bulk', 'upload'],
  upload: ['upload', 'create'],
  link: ['connect'],
  unlink: ['disconnect'],
  rotate: ['rotate-secret'],
  use: ['use-context'],
  switch: ['use-context'],
  signin: ['login'],
  register: ['signup'],
  'sign-up': ['signup'],
  'sign-in': ['login'],
  start: ['serve'],
  server: ['serve'],
};

/** Damerau–Levenshtein distance (adjacent transpositions count one edit). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The closest name, if close enough to be a typo: at most a third of the word wrong. */
function closest(word: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const distance = editDistance(word, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(Math.max(word.length, 3) / 3));
  return bestDistance <= Math.min(allowed, 3) ? best : undefined;
}

/** Whether an option of `command` (or of a parent: global options) takes a value. */
function takesValue(command: Command, flag: string): boolean {
  for (let current: Command | null = command; current; current = current.parent) {
    const option = current.options.find((o) => o.long === flag || o.short === flag);
    if (option) return option.required || option.optional;
  }
  return false;
}

export interface UnknownCommand {
  /** The word that named no command. */
  word: string;
  /** The group it was looked for in: `reelay posts`. */
  group: string;
  /** The whole command to suggest, when one is close: `reelay posts show`. */
  suggestion: string | undefined;
}

/**
 * Finds the unknown command in `args` (the words after `reelay`) by walking the tree as
 * commander does, and the command most likely meant.
 *
 * @example
 * ```ts
 * findUnknownCommand(buildProgram(), ['posts', 'get', 'post_01…']);
 * // { word: 'get', group: 'reelay posts', suggestion: 'reelay posts show' }
 * ```
 */
export function findUnknownCommand(
  program: Command,
  args: readonly string[],
): UnknownCommand | undefined {
  let command = program;
  const path = [program.name()];
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    if (word === '--') return undefined;
    if (word.startsWith('-')) {
      if (!word.includes('=') && takesValue(command, word)) index++;
      continue;
    }
    const children = command.commands.filter((child) => child.name() !== 'help');
    if (children.length === 0) return undefined;
    const next = children.find((child) => child.name() === word || child.aliases().includes(word));
    if (next) {
      command = next;
      path.push(next.name());
      continue;
    }
    const names = children.map((child) => child.name());
    const lower = word.toLowerCase();
    const meant =
      names.find((name) => name === lower) ??
      ALIASES[lower]?.find((name) => names.includes(name)) ??
      closest(lower, names);
    let suggestion: string | undefined;
    if (meant) {
      const target = children.find((child) => child.name() === meant)!;
      // `reelay pots list` → `reelay posts list`: keep the rest when it fits the group.
      const following = args[index + 1];
      const fits =
        following !== undefined && target.commands.some((child) => child.name() === following);
      suggestion = [...path, meant, ...(fits ? [following] : [])].join(' ');
    }
    return { word, group: path.join(' '), suggestion };
  }
  return undefined;
}
