/**
 * `reelay completion bash|zsh|fish`: a shell completion script generated from the command
 * table itself (commander's tree of commands and options), so a new command or option
 * completes without touching this file. The scripts complete command names at any depth,
 * option flags, and the values of options and arguments with a fixed list of choices.
 */
import type { CommandUnknownOpts as Command, Help, Option } from '@commander-js/extra-typings';
import { CliError } from '../cli-error';
import { t } from '../i18n';
import { valueSourceOf, type ValueSource } from '../option-values';

/** The shells a script is generated for. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** One command of the tree, by its path of words (`posts create`; `''` for `reelay`). */
export interface CompletionNode {
  readonly path: string;
  readonly subcommands: ReadonlyArray<{ name: string; description: string }>;
  readonly options: ReadonlyArray<{
    flags: string[];
    description: string;
    takesValue: boolean;
    choices: readonly string[];
    /** Values printed by `reelay __complete <values>` (the connected accounts…). */
    values?: ValueSource;
  }>;
  /** Choices of the first argument, when it has a fixed list. */
  readonly argumentChoices: readonly string[];
}

/**
 * Every command of the tree with what may follow it, walked through commander's own help
 * (so hidden commands and options stay hidden, and the global options appear everywhere).
 *
 * @example
 * ```ts
 * completionTree(buildProgram()).find((node) => node.path === 'posts')?.subcommands.map((c) => c.name);
 * // ['create', 'list', …]
 * ```
 */
export function completionTree(program: Command): CompletionNode[] {
  const help: Help = program.createHelp();
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, path: string) => {
    const subcommands = help.visibleCommands(command).map((sub) => ({
      name: sub.name(),
      description: firstLine(sub.description()),
    }));
    const options = [...help.visibleOptions(command), ...help.visibleGlobalOptions(command)].map(
      (option: Option) => ({
        flags: [option.short, option.long].filter((flag): flag is string => Boolean(flag)),
        description: firstLine(option.description),
        takesValue: option.required || option.optional,
        choices: option.argChoices ?? [],
        ...(valueSourceOf(option) ? { values: valueSourceOf(option) } : {}),
      }),
    );
    const argumentChoices = command.registeredArguments[0]?.argChoices ?? [];
    nodes.push({ path, subcommands, options, argumentChoices });
    for (const sub of command.commands) {
      if (help.visibleCommands(command).includes(sub))
        visit(sub, path ? `${path} ${sub.name()}` : sub.name());
    }
  };
  visit(program, '');
  return nodes;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

/** A word list for bash's `compgen -W`. */
function words(node: CompletionNode): string {
  return [...node.subcommands.map((sub) => sub.name), ...node.options.flatMap((o) => o.flags)]
    .concat(node.argumentChoices)
    .join(' ');
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The command that prints a value list, quiet and empty when the server cannot answer. */
const valuesCommand = (source: ValueSource) => `reelay __complete ${source} 2>/dev/null`;

function bashScript(nodes: CompletionNode[]): string {
  const paths = nodes.filter((node) => node.path).map((node) => `"${node.path}"`);
  const wordCases = nodes.map((node) => `    "${node.path}") echo ${shellQuote(words(node))} ;;`);
  const valueCases = nodes.flatMap((node) =>
    node.options
      .filter((option) => option.choices.length > 0)
      .flatMap((option) =>
        option.flags.map(
          (flag) => `    "${node.path}|${flag}") echo ${shellQuote(option.choices.join(' '))} ;;`,
        ),
      ),
  );
  const listedCases = nodes.flatMap((node) =>
    node.options.flatMap((option) =>
      option.values
        ? option.flags.map(
            (flag) => `    "${node.path}|${flag}") ${valuesCommand(option.values!)} ;;`,
          )
        : [],
    ),
  );
  const valued = nodes.flatMap((node) =>
    node.options
      .filter((option) => option.takesValue)
      .flatMap((option) => option.flags.map((flag) => `"${node.path}|${flag}"`)),
  );
  return `# reelay completion for bash: source <(reelay completion bash)
_reelay_is_command() {
  case "$1" in
    ${paths.join('|') || '""'}) return 0 ;;
  esac
  return 1
}
_reelay_takes_value() {
  case "$1" in
    ${valued.join('|') || '""'}) return 0 ;;
  esac
  return 1
}
_reelay_words() {
  case "$1" in
${wordCases.join('\n')}
  esac
}
_reelay_values() {
  case "$1" in
${[...valueCases, ...listedCases].join('\n')}
    *) return 1 ;;
  esac
}
_reelay() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmdpath="" next word i skip=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    case "$word" in
      -*=*) continue ;;
      -*) _reelay_takes_value "$cmdpath|$word" && skip=1; continue ;;
    esac
    next="\${cmdpath:+$cmdpath }$word"
    _reelay_is_command "$next" && cmdpath="$next"
  done
  ((COMP_CWORD > 1)) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local values
  if values="$(_reelay_values "$cmdpath|$prev")"; then
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
    return 0
  fi
  if _reelay_takes_value "$cmdpath|$prev"; then
    COMPREPLY=($(compgen -f -- "$cur"))
    return 0
  fi
  COMPREPLY=($(compgen -W "$(_reelay_words "$cmdpath")" -- "$cur"))
}
complete -F _reelay reelay
`;
}

/** An entry of zsh's `_describe`: `name:description`, colons in the name escaped. */
const describeEntry = (name: string, description: string) =>
  shellQuote(`${name.replace(/:/g, '\\:')}:${description}`);

function zshScript(nodes: CompletionNode[]): string {
  const paths = nodes.filter((node) => node.path).map((node) => `"${node.path}"`);
  const cases = nodes.map((node) => {
    const entries = [
      ...node.subcommands.map((sub) => describeEntry(sub.name, sub.description)),
      ...node.options.flatMap((option) =>
        option.flags.map((flag) => describeEntry(flag, option.description)),
      ),
      ...node.argumentChoices.map((choice) => describeEntry(choice, '')),
    ];
    return `    "${node.path}") candidates=(\n      ${entries.join('\n      ')}\n    ) ;;`;
  });
  const valueCases = nodes.flatMap((node) =>
    node.options
      .filter((option) => option.choices.length > 0)
      .flatMap((option) =>
        option.flags.map(
          (flag) => `    "${node.path}|${flag}") candidates=(${option.choices.join(' ')}) ;;`,
        ),
      ),
  );
  const listedCases = nodes.flatMap((node) =>
    node.options.flatMap((option) =>
      option.values
        ? option.flags.map(
            (flag) =>
              `    "${node.path}|${flag}") candidates=(\${(f)"$(${valuesCommand(option.values!)})"}) ;;`,
          )
        : [],
    ),
  );
  return `#compdef reelay
# reelay completion for zsh: source <(reelay completion zsh)
_reelay() {
  # Not \`path\`: zsh ties it to PATH.
  local cmdpath="" next word i
  local -a candidates
  for ((i = 2; i < CURRENT; i++)); do
    word="\${words[i]}"
    [[ "$word" == -* ]] && continue
    next="\${cmdpath:+$cmdpath }$word"
    case "$next" in
      ${paths.join('|') || '""'}) cmdpath="$next" ;;
    esac
  done
  case "$cmdpath|\${words[CURRENT-1]}" in
${[...valueCases, ...listedCases].join('\n')}
  esac
  if (( \${#candidates} )); then
    compadd -a candidates
    return
  fi
  case "$cmdpath" in
${cases.join('\n')}
  esac
  _describe -t commands 'reelay' candidates
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _reelay "$@"
else
  compdef _reelay reelay
fi
`;
}

function fishScript(nodes: CompletionNode[]): string {
  const lines = [
    '# reelay completion for fish: reelay completion fish | source',
    `set -g __reelay_commands ${nodes
      .filter((node) => node.path)
      .map((node) => shellQuote(node.path))
      .join(' ')}`,
    'function __reelay_path',
    '    set -l path reelay',
    '    set -l typed (commandline -opc)',
    '    set -e typed[1]',
    '    for word in $typed',
    "        string match -q -- '-*' $word; and continue",
    '        set -l next (string replace -r "^reelay ?" "" -- "$path $word")',
    '        contains -- $next $__reelay_commands; and set path "reelay $next"',
    '    end',
    '    echo $path',
    'end',
    'function __reelay_at',
    '    test (__reelay_path) = "$argv[1]"',
    'end',
    'complete -c reelay -f',
  ];
  for (const node of nodes) {
    const at = `"__reelay_at '${node.path ? `reelay ${node.path}` : 'reelay'}'"`;
    for (const sub of node.subcommands)
      lines.push(
        `complete -c reelay -n ${at} -a ${shellQuote(sub.name)} -d ${shellQuote(sub.description)}`,
      );
    if (node.argumentChoices.length > 0)
      lines.push(`complete -c reelay -n ${at} -a ${shellQuote(node.argumentChoices.join(' '))}`);
    for (const option of node.options) {
      const flags = option.flags
        .map((flag) => (flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`))
        .join(' ');
      const value = !option.takesValue
        ? ''
        : option.choices.length > 0
          ? ` -x -a ${shellQuote(option.choices.join(' '))}`
          : option.values
            ? ` -x -a ${shellQuote(`(${valuesCommand(option.values)})`)}`
            : ' -r -F';
      lines.push(
        `complete -c reelay -n ${at} ${flags}${value} -d ${shellQuote(option.description)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The completion script for a shell, from the program's command tree.
 *
 * @example
 * ```ts
 * process.stdout.write(completionScript(buildProgram(), 'bash'));
 * ```
 */
export function completionScript(program: Command, shell: string): string {
  const nodes = completionTree(program);
  if (shell === 'bash') return bashScript(nodes);
  if (shell === 'zsh') return zshScript(nodes);
  if (shell === 'fish') return fishScript(nodes);
  throw new CliError('usage', t('shellCompletion.unknownShell', { shell }), {
    hint: t('shellCompletion.hint'),
    details: { shells: [...COMPLETION_SHELLS] },
  });
}

/**
 * The command's action: writes the script to stdout.
 *
 * @example
 * ```ts
 * printCompletion(program, 'zsh');
 * ```
 */
export function printCompletion(program: Command, shell: string): void {
  process.stdout.write(completionScript(program, shell));
}
