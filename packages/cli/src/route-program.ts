/**
 * Builds the commands of the contract's routes on a commander program, from the command
 * table (`route-commands.ts`) and the facts read from the routes' schemas
 * (`route-facts.ts`): an option that fills a route field offers the field's choices, and
 * its number is checked against the field's bounds and given its default before the
 * command runs. A route nobody named gets a command of its own, named after its id.
 */
import { Argument, Command, Option, type OptionValues } from '@commander-js/extra-typings';
import type { CommandContext } from './command-context';
import { t, type MessageKey } from './i18n';
import { integerOption } from './options';
import { markValueSource } from './option-values';
import { createOutput } from './output';
import type { ArgumentSpec, CommandRun, CommandSpec, OptionSpec } from './route-commands';
import type { FieldFacts, RouteFacts } from './route-facts';
import type { GlobalOptions } from './settings';

/** What the builder reads: the facts by route id, the table, and the groups' help. */
export interface RouteProgramInput {
  readonly facts: Readonly<Record<string, RouteFacts>>;
  readonly commands: Readonly<Record<string, readonly CommandSpec[] | undefined>>;
  readonly groups: Readonly<Record<string, MessageKey>>;
  /** Routes reached by commands declared elsewhere, or left out on purpose. */
  readonly covered: ReadonlySet<string>;
}

const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

const placeholder = (value: string) =>
  value.startsWith('placeholder.') ? t(value as MessageKey) : value;

/**
 * The command words of a route nobody named: the verb of its id, under the rest in
 * kebab-case (`listWidgets` → `widgets list`, `getWidgetStats` → `widget-stats get`).
 *
 * @example
 * ```ts
 * defaultCommandName('archivePost'); // 'post archive'
 * ```
 */
export function defaultCommandName(routeId: string): string {
  const words = routeId.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
  const [verb, ...rest] = words;
  return rest.length ? `${rest.join('-')} ${verb}` : verb!;
}

/** The kebab-case flag of a field (`onlyScheduledPosts` → `--only-scheduled-posts`). */
const flagOf = (field: string) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The spec of a route nobody named: its path parameters, then every top-level field. */
function defaultCommand(id: string, facts: RouteFacts): CommandSpec {
  const fields = Object.entries(facts.fields).filter(
    ([name, field]) => !name.includes('.') && field.type !== 'object',
  );
  return {
    name: defaultCommandName(id),
    help: 'help.routeCommand',
    arguments: facts.params.map((param) => ({ value: param, help: 'help.routeParam' })),
    options: fields.map(([name, field]) => ({
      flags: flagOf(name),
      ...(field.type === 'boolean' ? {} : { value: name }),
      help: 'help.routeField',
      field: name,
      ...(field.type === 'list' ? { repeat: true } : {}),
      ...(field.required ? { required: true } : {}),
    })),
    run: async (args, options, ctx) =>
      (await import('./commands/route-call')).callRoute(id, facts, args, options, ctx),
  };
}

function helpText(spec: OptionSpec, field: FieldFacts | undefined, routeId: string): string {
  const keys = typeof spec.help === 'string' ? [spec.help] : spec.help;
  // The bounds and default of a number are the schema's, so the help cannot drift from them.
  const values: Record<string, string | number> = {
    ...(field?.min !== undefined ? { min: field.min } : {}),
    ...(field?.max !== undefined ? { max: field.max } : {}),
    ...(field?.default !== undefined ? { default: String(field.default) } : {}),
    ...(spec.choicesInHelp ? { [spec.choicesInHelp]: (field?.choices ?? []).join(', ') } : {}),
    field: spec.field ?? '',
    route: routeId,
  };
  return keys.map((key) => t(key, values)).join('');
}

function optionOf(spec: OptionSpec, field: FieldFacts | undefined, routeId: string): Option {
  const flags = spec.value ? `${spec.flags} <${placeholder(spec.value)}>` : spec.flags;
  const option = new Option(flags, helpText(spec, field, routeId));
  const choices = spec.only ?? (spec.choicesInHelp ? undefined : field?.choices);
  if (choices && field?.type !== 'list') option.choices(choices);
  if (spec.only && field?.choices) {
    const unknown = spec.only.filter((choice) => !field.choices!.includes(choice));
    if (unknown.length) throw new Error(`${routeId} ${spec.flags}: no such choices ${unknown}`);
  }
  if (spec.repeat) option.argParser(collect);
  if (spec.required) option.makeOptionMandatory();
  if (spec.hidden) option.hideHelp();
  if (spec.value === 'placeholder.account') markValueSource(option, 'accounts');
  return option;
}

function argumentOf(spec: ArgumentSpec, field: FieldFacts | undefined, help: string): Argument {
  const name = placeholder(spec.value);
  const argument = new Argument(spec.optional ? `[${name}]` : `<${name}>`, help);
  if (field?.choices && field.type !== 'list') argument.choices(field.choices);
  return argument;
}

/**
 * Numbers of route fields, checked against the field's bounds, with its default when the
 * option is absent: the command receives numbers.
 */
function numbersOf(
  options: OptionValues,
  specs: readonly OptionSpec[],
  fieldOf: (spec: OptionSpec) => FieldFacts | undefined,
): OptionValues {
  const parsed: OptionValues = { ...options };
  for (const spec of specs) {
    const field = fieldOf(spec);
    if (!field || (field.type !== 'integer' && field.type !== 'number')) continue;
    const long = spec.flags.split(/,\s*/).at(-1)!;
    const key = long.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const bounds = {
      ...(field.min !== undefined ? { min: field.min } : {}),
      ...(field.max !== undefined ? { max: field.max } : {}),
    };
    const value = integerOption(options[key] as string | undefined, long, bounds);
    const fallback = typeof field.default === 'number' ? field.default : undefined;
    if (value !== undefined || fallback !== undefined) parsed[key] = value ?? fallback;
  }
  return parsed;
}

/** Runs a command with the global options read as every command reads them. */
function actionOf(run: CommandRun, prepare: (options: OptionValues) => OptionValues) {
  return async function action(this: Command): Promise<void> {
    const all: OptionValues = this.optsWithGlobals();
    const global: GlobalOptions = {
      json: all.json === true,
      ...(all.context !== undefined ? { context: all.context as string } : {}),
      ...(all.server !== undefined ? { server: all.server as string } : {}),
    };
    const ctx: CommandContext = { global, out: createOutput({ json: global.json === true }) };
    const args = this.processedArgs as Array<string | undefined>;
    await run(args as string[], prepare(this.opts()), ctx);
  };
}

/** The group under `parent` for one word, created with its help on first use. */
function groupOf(parent: Command, word: string, help: MessageKey | undefined): Command {
  const existing = parent.commands.find((command) => command.name() === word);
  if (existing) return existing as Command;
  const group = parent.command(word);
  if (help) group.description(t(help));
  return group as unknown as Command;
}

/**
 * Adds every route's commands to `program`, in the table's order, then one command for
 * each route neither the table nor `covered` names.
 *
 * @example
 * ```ts
 * addRouteCommands(program, { facts: ROUTE_FACTS, commands: ROUTE_COMMANDS, groups: GROUP_HELP, covered });
 * ```
 */
export function addRouteCommands(program: Command, input: RouteProgramInput): void {
  const named = Object.entries(input.commands).flatMap(([id, specs]) =>
    (specs ?? []).map((spec) => [id, spec] as const),
  );
  const unnamed = Object.entries(input.facts)
    .filter(([id]) => !input.commands[id] && !input.covered.has(id))
    .map(([id, facts]) => [id, defaultCommand(id, facts)] as const);
  for (const [id, spec] of [...named, ...unnamed]) {
    const words = spec.name.split(' ');
    let parent = program;
    for (const word of words.slice(0, -1)) parent = groupOf(parent, word, input.groups[word]);
    const facts = input.facts[id];
    const about = { route: id, method: facts?.method ?? '', path: facts?.path ?? '' };
    const command = parent.command(words.at(-1)!).description(t(spec.help, about));
    for (const argument of spec.arguments ?? []) {
      const field = argument.field ? facts?.fields[argument.field] : undefined;
      if (argument.field && !field)
        throw new Error(`${spec.name} <${argument.value}>: ${id} has no field ${argument.field}`);
      const help = t(argument.help, { param: argument.value });
      command.addArgument(argumentOf(argument, field, help));
    }
    const fieldOf = (option: OptionSpec) =>
      option.field ? input.facts[option.route ?? id]?.fields[option.field] : undefined;
    for (const option of spec.options ?? []) {
      if (option.field && !fieldOf(option))
        throw new Error(`${spec.name} ${option.flags}: ${id} has no field ${option.field}`);
      command.addOption(optionOf(option, fieldOf(option), id));
    }
    command.action(
      actionOf(spec.run, (options) => numbersOf(options, spec.options ?? [], fieldOf)),
    );
  }
}
