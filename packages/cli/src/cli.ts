/**
 * Every `reelay` command, declared in one place with commander. Each action imports its
 * command module only when it runs, so `reelay --help` loads commander and this file and
 * nothing else (no SDK, no conf, no server). Errors from any command end in `main`, which
 * prints them once and picks the exit code (`exit-codes.ts`).
 */
import {
  DELIVERY_STATUSES,
  EVENT_TYPES,
  LOGIN_MODES,
  POST_KINDS,
  POST_STATUSES,
  SORT_ORDERS,
  TRIAL_GRADUATION_STRATEGIES,
} from '@reelay/core';
import type { EmulatorCliFlag } from '@reelay/emulator';
import { Command, CommanderError, Option, type OptionValues } from '@commander-js/extra-typings';
import packageJson from '../package.json' with { type: 'json' };
import { CliError } from './cli-error';
import { findUnknownCommand } from './command-suggestion';
import type { CommandContext } from './command-context';
import { EXIT_CODES, exitCodeFor } from './exit-codes';
import { createOutput } from './output';
import { reportError } from './report-error';
import type { GlobalOptions } from './settings';

const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

/** Declares the options of `reelay` itself, which every command accepts. */
function withProgramOptions(program: Command) {
  return program
    .option('--json', 'responde em JSON na saída padrão (para scripts)')
    .option('--context <nome>', 'usa este contexto em vez do atual')
    .option('--server <url>', 'usa este servidor em vez do do contexto');
}

/** The values of those options, as every command reads them through `optsWithGlobals`. */
type ProgramOptions = ReturnType<ReturnType<typeof withProgramOptions>['opts']>;

/**
 * Wraps a lazily loaded command: commander calls the returned action with the command as
 * `this`; the module is imported, then `call` gets it with the command's positional
 * arguments and options, typed from the command's own declarations (`Args` and `Opts` are
 * inferred from the `.action` it is given to), and a {@link CommandContext}.
 *
 * @example
 * ```ts
 * posts
 *   .command('retry')
 *   .argument('<id>', 'id post_…')
 *   .option('--at <quando>', 'agenda a nova tentativa')
 *   .action(
 *     lazy(
 *       () => import('./commands/posts'),
 *       (m, { args: [postId], options, ctx }) => m.retryPost(postId, options, ctx),
 *     ),
 *   );
 * ```
 */
function lazy<M, Args extends unknown[], Opts extends OptionValues>(
  load: () => Promise<M>,
  call: (module: M, input: { args: Args; options: Opts; ctx: CommandContext }) => Promise<void>,
) {
  return async function action(this: Command<Args, Opts, ProgramOptions>): Promise<void> {
    const all = this.optsWithGlobals();
    const global: GlobalOptions = {
      json: all.json === true,
      ...(all.context !== undefined ? { context: all.context } : {}),
      ...(all.server !== undefined ? { server: all.server } : {}),
    };
    const ctx: CommandContext = { global, out: createOutput({ json: global.json === true }) };
    await call(await load(), { args: this.processedArgs, options: this.opts(), ctx });
  };
}

const TITLES: Record<string, string> = {
  'Usage:': 'Uso:',
  'Options:': 'Opções:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'Global Options:': 'Opções globais:',
};

/**
 * Commander's English messages, in Portuguese like the rest of the CLI.
 *
 * @example
 * ```ts
 * translateCommanderMessage("error: unknown command 'pots'"); // "comando desconhecido: 'pots'"
 * ```
 */
export function translateCommanderMessage(message: string): string {
  const text = message.replace(/^error:\s*/i, '').trim();
  const rules: Array<[RegExp, (...groups: string[]) => string]> = [
    [/^unknown command '(.+?)'(.*)$/s, (name, rest) => `comando desconhecido: '${name}'${rest}`],
    [/^unknown option '(.+?)'(.*)$/s, (name, rest) => `opção desconhecida: '${name}'${rest}`],
    [/^missing required argument '(.+?)'$/, (name) => `falta o argumento obrigatório '${name}'`],
    [/^option '(.+?)' argument missing$/, (name) => `falta o valor da opção '${name}'`],
    [
      /^required option '(.+?)' not specified$/,
      (name) => `a opção obrigatória '${name}' não foi informada`,
    ],
    [
      // Commander names the extra words after the count: "… but got 1: extra."
      /^too many arguments(?: for '(.+?)')?\. Expected (\d+) arguments? but got (\d+)(?:: (.+))?\.$/s,
      (name, expected, got, extra) =>
        `argumentos demais${name ? ` para '${name}'` : ''}: esperava ${expected}, recebeu ${got}${extra ? ` (${extra})` : ''}`,
    ],
    [
      /^option '(.+?)' argument '(.+?)' is invalid\. Allowed choices are (.+)\.$/,
      (name, value, choices) => `valor inválido para '${name}': '${value}' (use ${choices})`,
    ],
  ];
  for (const [pattern, render] of rules) {
    const match = pattern.exec(text);
    if (match)
      return render(...match.slice(1).map((group) => group ?? '')).replace(
        /\(Did you mean (.+?)\?\)/,
        '(quis dizer $1?)',
      );
  }
  return text.replace(/\(Did you mean (.+?)\?\)/, '(quis dizer $1?)');
}

/**
 * The help of `reelay emulator`'s options, in Portuguese: the flags themselves are those of
 * `reelay-emulator` (typed by them, so a new emulator flag does not compile without its
 * help here), and the emulator's own parser reads their values.
 */
const EMULATOR_OPTION_HELP: Record<EmulatorCliFlag, readonly [value: string | null, help: string]> =
  {
    port: ['<n>', 'porta (padrão 8090; 0 escolhe uma livre)'],
    host: ['<endereço>', 'interface (padrão 127.0.0.1)'],
    seed: ['<texto>', 'semente de ids e tokens (execuções reproduzíveis)'],
    'latency-ms': ['<n>', 'atraso em cada requisição'],
    'container-processing-ms': ['<n>', 'processamento de contêineres de imagem'],
    'video-processing-ms': ['<n>', 'processamento de contêineres de vídeo'],
    'quota-total': ['<n>', 'posts por 24 h'],
    'app-id': ['<id>', 'Instagram App ID esperado'],
    'app-secret': ['<segredo>', 'Instagram App Secret'],
    'facebook-app-id': ['<id>', 'Meta App ID do app do Login do Facebook'],
    'facebook-app-secret': ['<segredo>', 'Meta App Secret do app do Login do Facebook'],
    'no-fetch-media': [null, 'aceita URLs de mídia sem baixá-las'],
  };

/**
 * Declares the whole command tree.
 *
 * @example
 * ```ts
 * await buildProgram().parseAsync(['node', 'reelay', 'posts', 'list', '--json']);
 * ```
 */
export function buildProgram(): Command {
  // One chain, so the subcommands inherit the type of the program's options.
  const program = withProgramOptions(
    new Command('reelay')
      .description('Publica e agenda posts do Instagram pelo Reelay, do terminal.')
      .version(packageJson.version, '-v, --version', 'mostra a versão')
      .helpOption('-h, --help', 'mostra a ajuda')
      .helpCommand('help [comando]', 'mostra a ajuda de um comando'),
  )
    .configureHelp({
      showGlobalOptions: true,
      styleTitle: (title: string) => TITLES[title] ?? title,
      // Commander writes these few words itself; the rest of the help is ours.
      styleUsage: (usage: string) =>
        usage.replace('[options]', '[opções]').replace('[command]', '[comando]'),
      styleSubcommandTerm: (term: string) => term.replace('[options]', '[opções]'),
      styleOptionDescription: (text: string) => text.replace('(choices: ', '(valores: '),
    })
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .addHelpText(
      'after',
      '\nCódigos de saída: 0 ok, 1 falha, 2 uso incorreto, 3 credenciais ou configuração, 4 verificação falhou, 5 tempo esgotado, 6 servidor inacessível, 130 Ctrl-C, 143 SIGTERM.\nDocumentação: docs/cli.md',
    );

  // ---------------------------------------------------------------- session and config
  program
    .command('login')
    .description('entra com e-mail e senha no login do servidor e guarda a sessão no contexto')
    .option('--email <e-mail>', 'e-mail (perguntado quando ausente)')
    .option('--password-stdin', 'lê a senha da entrada padrão')
    .option('--project <id>', 'projeto a usar (padrão: o primeiro)')
    .action(
      lazy(
        () => import('./commands/auth'),
        (m, { options, ctx }) => m.login(options, ctx),
      ),
    );
  program
    .command('signup')
    .description('cria um usuário (em servidores com cadastro aberto) e entra')
    .option('--email <e-mail>', 'e-mail (perguntado quando ausente)')
    .option('--name <nome>', 'seu nome')
    .option('--password-stdin', 'lê a senha da entrada padrão')
    .action(
      lazy(
        () => import('./commands/auth'),
        (m, { options, ctx }) => m.signup(options, ctx),
      ),
    );
  program
    .command('logout')
    .description('encerra a sessão no servidor e esquece as credenciais do contexto')
    .action(
      lazy(
        () => import('./commands/auth'),
        (m, { ctx }) => m.logout(ctx),
      ),
    );
  program
    .command('whoami')
    .description('mostra o usuário, a organização e o projeto em uso')
    .action(
      lazy(
        () => import('./commands/auth'),
        (m, { ctx }) => m.whoami(ctx),
      ),
    );
  program
    .command('status')
    .description('verifica se o servidor está no ar e se as credenciais valem')
    .action(
      lazy(
        () => import('./commands/status'),
        (m, { ctx }) => m.status(ctx),
      ),
    );
  program
    .command('openapi')
    .description('imprime o documento OpenAPI do servidor')
    .action(
      lazy(
        () => import('./commands/status'),
        (m, { ctx }) => m.openApi(ctx),
      ),
    );

  const config = program
    .command('config')
    .description('contextos: servidor, credenciais e projeto');
  config
    .command('set')
    .description('define server, api-key (use - para ler da entrada padrão) ou project')
    .argument('<chave>', 'server, api-key ou project')
    .argument('[valor]', 'o valor; para api-key, omitido ou - lê da entrada padrão')
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { args: [key, value], ctx }) => m.configSet(key, value, ctx),
      ),
    );
  config
    .command('get')
    .description('mostra a configuração em uso (segredos mascarados)')
    .argument('[chave]', 'server, api-key ou project')
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { args: [key], ctx }) => m.configGet(key, ctx),
      ),
    );
  config
    .command('list')
    .description('lista os contextos')
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { ctx }) => m.configList(ctx),
      ),
    );
  config
    .command('use-context')
    .description('passa a usar um contexto (criado se não existir)')
    .argument('<nome>', 'nome do contexto')
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { args: [name], ctx }) => m.configUseContext(name, ctx),
      ),
    );
  config
    .command('delete-context')
    .description('apaga um contexto e suas credenciais')
    .argument('<nome>', 'nome do contexto')
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { args: [name], ctx }) => m.configDeleteContext(name, ctx),
      ),
    );

  // ---------------------------------------------------------------- accounts
  const accounts = program.command('accounts').description('contas profissionais do Instagram');
  accounts
    .command('connect')
    .description('mostra o link de autorização e espera a conta aparecer')
    .option('--profile <id>', 'perfil que recebe a conta')
    .addOption(
      new Option(
        '--login <modo>',
        'instagram (Login do Instagram) ou facebook (Login do Facebook, pelas Páginas); padrão: o do servidor',
      ).choices(LOGIN_MODES),
    )
    .option('--no-open', 'não abre o navegador')
    .option('--timeout <segundos>', 'quanto esperar (padrão 300)')
    .addOption(new Option('--interval <ms>', 'intervalo entre verificações').hideHelp())
    .action(
      lazy(
        () => import('./commands/accounts'),
        (m, { options, ctx }) => m.connectAccount(options, ctx),
      ),
    );
  accounts
    .command('list')
    .description('lista as contas conectadas')
    .option('--profile <id>', 'só deste perfil (null: sem perfil)')
    .option('--search <texto>', 'busca no nome de usuário')
    .option('--limit <n>', 'itens por página, 1 a 100 (padrão 20)')
    .option('--offset <n>', 'quantos pular')
    .addOption(new Option('--sort <ordem>', 'ordem por criação').choices(SORT_ORDERS))
    .option('--all', 'todas as páginas')
    .action(
      lazy(
        () => import('./commands/accounts'),
        (m, { options, ctx }) => m.listAccounts(options, ctx),
      ),
    );
  accounts
    .command('health')
    .description('saúde da conexão de uma conta')
    .argument('<conta>', 'id int_… ou @usuário')
    .option('--force', 'consulta o Instagram agora')
    .action(
      lazy(
        () => import('./commands/accounts'),
        (m, { args: [account], options, ctx }) => m.accountHealth(account, options, ctx),
      ),
    );
  accounts
    .command('insights')
    .description('métricas da conta por dia (UTC), até 30 dias')
    .argument('<conta>', 'id int_… ou @usuário')
    .option('--since <dia>', 'primeiro dia, AAAA-MM-DD (padrão: 6 dias antes de --until)')
    .option('--until <dia>', 'último dia, AAAA-MM-DD (padrão: hoje)')
    .action(
      lazy(
        () => import('./commands/insights'),
        (m, { args: [account], options, ctx }) => m.accountInsights(account, options, ctx),
      ),
    );
  accounts
    .command('disconnect')
    .description('desconecta uma conta (posts agendados dela vão falhar)')
    .argument('<conta>', 'id int_… ou @usuário')
    .action(
      lazy(
        () => import('./commands/accounts'),
        (m, { args: [account], ctx }) => m.disconnectAccount(account, ctx),
      ),
    );

  // ---------------------------------------------------------------- profiles, keys, org
  const profiles = program
    .command('profiles')
    .description('perfis: grupos de contas, por cliente ou marca');
  profiles
    .command('create')
    .description('cria um perfil')
    .argument('<nome>', 'nome do perfil (até 120 caracteres)')
    .option('--description <texto>', 'descrição (até 500 caracteres)')
    .action(
      lazy(
        () => import('./commands/profiles'),
        (m, { args: [name], options, ctx }) => m.createProfile(name, options, ctx),
      ),
    );
  profiles
    .command('list')
    .description('lista os perfis')
    .action(
      lazy(
        () => import('./commands/profiles'),
        (m, { ctx }) => m.listProfiles(ctx),
      ),
    );
  profiles
    .command('delete')
    .description('remove um perfil (as contas continuam conectadas)')
    .argument('<id>', 'id prf_…')
    .action(
      lazy(
        () => import('./commands/profiles'),
        (m, { args: [profileId], ctx }) => m.deleteProfile(profileId, ctx),
      ),
    );

  // ---------------------------------------------------------------- posting schedules
  const slots = program
    .command('slots')
    .description('agenda de publicação: horários semanais de uma conta ou de um perfil');
  const slotOwner = <Globals extends OptionValues>(command: Command<[], {}, Globals>) =>
    command
      .argument('[conta]', 'id int_… ou @usuário (ou use --profile)')
      .option('--profile <id>', 'a agenda do perfil, que vale para as contas sem agenda própria');
  slotOwner(
    slots.command('show').description('mostra a agenda que vale para a conta ou o perfil'),
  ).action(
    lazy(
      () => import('./commands/slots'),
      (m, { args: [account], options, ctx }) => m.showSlots(account, options, ctx),
    ),
  );
  slotOwner(slots.command('set').description('substitui todos os horários da agenda'))
    .option('--timezone <fuso>', 'fuso IANA em que as horas valem (ex.: America/Sao_Paulo)')
    .option('--slot <dias@horas>', 'ex.: mon-fri@09:00,18:00 ou sab,dom@10:30 (repita)', collect)
    .action(
      lazy(
        () => import('./commands/slots'),
        (m, { args: [account], options, ctx }) => m.setSlots(account, options, ctx),
      ),
    );
  slotOwner(
    slots.command('clear').description('remove a agenda (a conta volta a seguir a do perfil)'),
  ).action(
    lazy(
      () => import('./commands/slots'),
      (m, { args: [account], options, ctx }) => m.clearSlots(account, options, ctx),
    ),
  );
  slotOwner(slots.command('next').description('os próximos horários livres'))
    .option('--count <n>', 'quantos, de 1 a 50 (padrão 10)')
    .action(
      lazy(
        () => import('./commands/slots'),
        (m, { args: [account], options, ctx }) => m.nextSlots(account, options, ctx),
      ),
    );

  const keys = program.command('keys').description('chaves de API do projeto (exige login)');
  keys
    .command('list')
    .description('lista as chaves (nunca os segredos)')
    .action(
      lazy(
        () => import('./commands/keys'),
        (m, { ctx }) => m.listKeys(ctx),
      ),
    );
  keys
    .command('create')
    .description('cria uma chave; o segredo aparece só desta vez')
    .option('--name <nome>', 'nome da chave (até 60 caracteres)')
    .option('--save', 'guarda a chave no contexto em vez de mostrá-la')
    .action(
      lazy(
        () => import('./commands/keys'),
        (m, { options, ctx }) => m.createKey(options, ctx),
      ),
    );
  keys
    .command('revoke')
    .description('revoga uma chave, na hora')
    .argument('<id>', 'id key_…')
    .action(
      lazy(
        () => import('./commands/keys'),
        (m, { args: [keyId], ctx }) => m.revokeKey(keyId, ctx),
      ),
    );

  program
    .command('org')
    .description('a organização do usuário')
    .command('rename')
    .description('muda o nome da organização')
    .argument('<nome>', 'novo nome (1 a 80 caracteres)')
    .action(
      lazy(
        () => import('./commands/account-admin'),
        (m, { args: [name], ctx }) => m.renameOrganization(name, ctx),
      ),
    );
  program
    .command('me')
    .description('o próprio usuário')
    .command('delete')
    .description('apaga o usuário e tudo do projeto, sem volta')
    .option('--confirm <e-mail>', 'o e-mail da conta, para confirmar')
    .action(
      lazy(
        () => import('./commands/account-admin'),
        (m, { options, ctx }) => m.deleteMe(options, ctx),
      ),
    );

  // ---------------------------------------------------------------- posts and media
  const posts = program.command('posts').description('posts: publicar, agendar, acompanhar');
  // Generic over the inherited options, so the commands it extends keep the global ones.
  const postInput = <Globals extends OptionValues>(
    command: Command<[], {}, Globals>,
    scheduled: boolean,
  ) =>
    command
      .argument('[legenda]', 'a legenda; - lê da entrada padrão')
      .option('--caption-file <arquivo>', 'lê a legenda de um arquivo (- para a entrada padrão)')
      .option('-m, --media <mídia>', 'caminho, URL ou id med_… (repita para carrossel)', collect)
      .option('-a, --account <conta>', 'id int_… ou @usuário (repita, até 5)', collect)
      .option(
        '--at <quando>',
        `${scheduled ? '' : 'agenda em vez de publicar agora: '}2026-12-01T10:00-03:00, 2026-12-01T10:00 com --timezone, +2h, +1d`,
      )
      .option('--timezone <fuso>', 'fuso IANA da hora local e do post (ex.: America/Sao_Paulo)')
      .addOption(new Option('--kind <tipo>', 'tipo do post (padrão: deduzido)').choices(POST_KINDS))
      .option('--idempotency-key <chave>', 'repetir a mesma chave nunca cria outro post')
      .option('--first-comment <texto>', 'primeiro comentário')
      .option('--alt-text <texto>', 'texto alternativo da imagem (feed)')
      .option('--collaborator <usuário>', 'colaborador convidado (repita, até 3)', collect)
      .option('--ai-generated', 'marca o post como conteúdo gerado por IA')
      .addOption(
        new Option('--trial <graduação>', 'Reel de teste (mostrado a quem não segue)').choices(
          TRIAL_GRADUATION_STRATEGIES,
        ),
      )
      .option('--audio-name <nome>', 'nome do áudio do Reel')
      .option(
        '--product <id[:x,y]>',
        'produto marcado (repita, até 5; só Login do Facebook); no feed com posição',
        collect,
      )
      .option('--wait', 'espera o resultado da publicação')
      .option('--timeout <segundos>', 'quanto esperar com --wait (padrão 300)');
  postInput(posts.command('create').description('publica agora (ou em --at)'), false)
    .option('--queue', 'agenda no próximo horário livre da agenda de cada conta (reelay slots)')
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [caption], options, ctx }) => m.createPost(caption, options, ctx),
      ),
    );
  postInput(
    posts.command('schedule').description('agenda um post (--at obrigatório)'),
    true,
  ).action(
    lazy(
      () => import('./commands/posts'),
      (m, { args: [caption], options, ctx }) => m.schedulePost(caption, options, ctx),
    ),
  );
  posts
    .command('bulk')
    .description('agenda um post por linha de um CSV (at,caption,media,accounts,kind,timezone)')
    .argument('<arquivo>', 'arquivo CSV (- para a entrada padrão)')
    .option('--dry-run', 'só valida e mostra o que seria enviado')
    .option('--timezone <fuso>', 'fuso das linhas sem coluna timezone')
    .action(
      lazy(
        () => import('./commands/posts-bulk'),
        (m, { args: [file], options, ctx }) => m.bulkSchedule(file, options, ctx),
      ),
    );
  posts
    .command('list')
    .description('lista posts')
    .addOption(new Option('--status <status>', 'só com este status').choices(POST_STATUSES))
    .addOption(new Option('--kind <tipo>', 'só deste tipo').choices(POST_KINDS))
    .option('--account <conta>', 'só desta conta (id ou @usuário)')
    .option('--profile <id>', 'só deste perfil')
    .option('--from <quando>', 'data efetiva a partir de (ISO com deslocamento, -7d, +0m)')
    .option('--to <quando>', 'data efetiva até')
    .option('--limit <n>', 'itens por página, 1 a 100 (padrão 20)')
    .option('--offset <n>', 'quantos pular')
    .addOption(new Option('--sort <ordem>', 'ordem por criação').choices(SORT_ORDERS))
    .option('--all', 'todas as páginas')
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { options, ctx }) => m.listPosts(options, ctx),
      ),
    );
  posts
    .command('show')
    .description('mostra um post e o resultado em cada conta')
    .argument('<id>', 'id post_…')
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [postId], ctx }) => m.showPost(postId, ctx),
      ),
    );
  posts
    .command('insights')
    .description('métricas do post em cada conta')
    .argument('<id>', 'id post_…')
    .option('--force', 'consulta o Instagram agora (senão, a leitura da última hora)')
    .action(
      lazy(
        () => import('./commands/insights'),
        (m, { args: [postId], options, ctx }) => m.postInsights(postId, options, ctx),
      ),
    );
  posts
    .command('reschedule')
    .description('muda o horário de um post agendado')
    .argument('<id>', 'id post_…')
    .requiredOption('--at <quando>', 'novo horário')
    .option('--timezone <fuso>', 'fuso IANA da hora local e do post')
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [postId], options, ctx }) => m.reschedulePost(postId, options, ctx),
      ),
    );
  posts
    .command('cancel')
    .description('cancela um post agendado')
    .argument('<id>', 'id post_…')
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [postId], ctx }) => m.cancelPost(postId, ctx),
      ),
    );
  posts
    .command('retry')
    .description('tenta de novo as contas que falharam')
    .argument('<id>', 'id post_…')
    .option('--at <quando>', 'agenda a nova tentativa')
    .option('--timezone <fuso>', 'fuso IANA da hora local')
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [postId], options, ctx }) => m.retryPost(postId, options, ctx),
      ),
    );

  const media = program.command('media').description('mídias enviadas ao servidor');
  media
    .command('upload')
    .description('envia um arquivo (com barra de progresso) ou importa uma URL')
    .argument('<mídia>', 'caminho do arquivo ou URL http(s)')
    .action(
      lazy(
        () => import('./commands/media'),
        (m, { args: [source], ctx }) => m.uploadMediaCommand(source, ctx),
      ),
    );
  media
    .command('list')
    .description('lista as mídias do projeto, mais novas primeiro')
    .addOption(
      new Option('--type <tipo>', 'só imagens ou só vídeos').choices(['image', 'video'] as const),
    )
    .option('--limit <n>', 'itens por página, 1 a 100 (padrão 20)')
    .option('--offset <n>', 'quantos pular')
    .addOption(new Option('--sort <ordem>', 'ordem por criação').choices(SORT_ORDERS))
    .option('--all', 'todas as páginas')
    .action(
      lazy(
        () => import('./commands/media'),
        (m, { options, ctx }) => m.listMediaCommand(options, ctx),
      ),
    );
  media
    .command('show')
    .description('mostra uma mídia, os tipos de post em que cabe e os posts que a usam')
    .argument('<id>', 'id med_…')
    .action(
      lazy(
        () => import('./commands/media'),
        (m, { args: [mediaId], ctx }) => m.showMediaCommand(mediaId, ctx),
      ),
    );
  media
    .command('delete')
    .description('apaga uma mídia e seus arquivos (recusado se um post agendado a usa)')
    .argument('<id>', 'id med_…')
    .action(
      lazy(
        () => import('./commands/media'),
        (m, { args: [mediaId], ctx }) => m.deleteMediaCommand(mediaId, ctx),
      ),
    );

  // ---------------------------------------------------------------- webhooks
  const webhooks = program
    .command('webhooks')
    .description('assinaturas de webhook, teste e verificação');
  webhooks
    .command('create')
    .description('cria uma assinatura; o segredo aparece só desta vez')
    .option('--url <url>', 'endereço que recebe os eventos')
    .option('--events <eventos>', `${EVENT_TYPES.join(', ')} (padrão: todos)`, collect)
    .option('--profile <id>', 'só eventos de posts deste perfil')
    .option('--only-scheduled', 'eventos finais só de posts agendados')
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { options, ctx }) => m.createWebhook(options, ctx),
      ),
    );
  webhooks
    .command('list')
    .description('lista as assinaturas (nunca os segredos)')
    .option('--limit <n>', 'itens por página, 1 a 100 (padrão 20)')
    .option('--offset <n>', 'quantos pular')
    .option('--all', 'todas as páginas')
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { options, ctx }) => m.listWebhooks(options, ctx),
      ),
    );
  webhooks
    .command('show')
    .description('mostra uma assinatura')
    .argument('<id>', 'id ntf_…')
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], ctx }) => m.showWebhook(notificationId, ctx),
      ),
    );
  webhooks
    .command('update')
    .description('muda uma assinatura: URL, eventos, perfil, pausa')
    .argument('<id>', 'id ntf_…')
    .option('--url <url>', 'novo endereço')
    .option('--events <eventos>', 'novos eventos (substituem os atuais)', collect)
    .option('--profile <id>', 'só eventos deste perfil; none remove o filtro')
    .option('--only-scheduled', 'eventos finais só de posts agendados')
    .option('--all-posts', 'eventos finais de todos os posts')
    .option('--pause', 'pausa os envios (os eventos esperam)')
    .option('--resume', 'retoma os envios e manda o que esperava')
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], options, ctx }) =>
          m.updateWebhook(notificationId, options, ctx),
      ),
    );
  webhooks
    .command('delete')
    .description('apaga uma assinatura')
    .argument('<id>', 'id ntf_…')
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], ctx }) => m.deleteWebhook(notificationId, ctx),
      ),
    );
  webhooks
    .command('rotate-secret')
    .description('gera um novo segredo; o anterior ainda assina durante --overlap')
    .argument('<id>', 'id ntf_…')
    .option(
      '--overlap <segundos>',
      'quanto o segredo anterior continua valendo (padrão 86400; 0 para já)',
    )
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], options, ctx }) =>
          m.rotateWebhookSecret(notificationId, options, ctx),
      ),
    );
  webhooks
    .command('test')
    .description('envia um evento de teste a uma assinatura ou a uma URL')
    .argument('[id]', 'id ntf_… da assinatura')
    .option('--url <url>', 'testa esta URL em vez de uma assinatura')
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], options, ctx }) =>
          m.testWebhook(notificationId, options, ctx),
      ),
    );
  webhooks
    .command('deliveries')
    .description('entregas de uma assinatura e como foram')
    .argument('<id>', 'id ntf_… da assinatura')
    .addOption(new Option('--status <status>', 'só com este status').choices(DELIVERY_STATUSES))
    .option('--limit <n>', 'itens por página, 1 a 100 (padrão 20)')
    .option('--offset <n>', 'quantos pular')
    .option('--all', 'todas as páginas')
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], options, ctx }) =>
          m.listDeliveries(notificationId, options, ctx),
      ),
    );
  webhooks
    .command('redeliver')
    .description('reenvia o evento de uma entrega (mesmo id e corpo, nova assinatura)')
    .argument('<id>', 'id ntf_… da assinatura')
    .argument('<entrega>', 'id dlv_… da entrega a reenviar')
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId, deliveryId], ctx }) =>
          m.redeliverWebhook(notificationId, deliveryId, ctx),
      ),
    );
  webhooks
    .command('verify')
    .description('confere um corpo e cabeçalhos salvos contra o segredo (saída 0 ou 4)')
    .option('--payload <arquivo>', 'o corpo cru, como recebido (- para a entrada padrão)')
    .option('--headers <arquivo>', 'cabeçalhos: JSON ou linhas "Nome: valor" (curl -D)')
    .option('-H, --header <cabeçalho>', 'um cabeçalho "Nome: valor" (repita)', collect)
    .option('--secret-file <arquivo>', 'arquivo com o segredo whsec_…')
    .option(
      '--secret <segredo>',
      'o segredo (prefira --secret-file ou REELAY_WEBHOOK_SECRET)',
      collect,
    )
    .option('--tolerance <segundos>', 'distância aceita do relógio (padrão 300)')
    .option('--ignore-timestamp', 'confere a assinatura no horário em que foi feita (corpo salvo)')
    .action(
      lazy(
        () => import('./commands/webhooks-verify'),
        (m, { options, ctx }) => m.verifyDelivery(options, ctx),
      ),
    );
  webhooks
    .command('listen')
    .description('receptor local que verifica e mostra os eventos que chegam')
    .option('--port <n>', 'porta (padrão 8787; 0 escolhe uma livre)')
    .option('--host <endereço>', 'interface (padrão 127.0.0.1)')
    .option('--path <caminho>', 'caminho que recebe (padrão: qualquer)')
    .option('--secret-file <arquivo>', 'arquivo com o segredo whsec_…')
    .option('--secret <segredo>', 'o segredo; repita durante uma rotação', collect)
    .option('--max-events <n>', 'encerra depois de n eventos')
    .action(
      lazy(
        () => import('./commands/webhooks-listen'),
        (m, { options, ctx }) => m.listenForWebhooks(options, ctx),
      ),
    );

  // ---------------------------------------------------------------- local servers
  program
    .command('serve')
    .description('inicia o servidor Reelay (a mesma configuração de pnpm start)')
    .option('--port <n>', 'porta (o mesmo que PORT; padrão 8080)')
    .option('--host <endereço>', 'interface (o mesmo que HOST; padrão 0.0.0.0)')
    .action(
      lazy(
        () => import('./commands/serve'),
        (m, { options, ctx }) => m.serve(options, ctx),
      ),
    );
  program
    .command('mcp')
    .description('servidor MCP em stdio: ferramentas do Reelay para assistentes de IA')
    .action(
      lazy(
        () => import('./commands/mcp'),
        (m, { ctx }) => m.mcp(ctx),
      ),
    );
  const emulator = program.command('emulator').description('inicia o emulador local do Instagram');
  for (const [flag, [value, help]] of Object.entries(EMULATOR_OPTION_HELP)) {
    emulator.option(value ? `--${flag} ${value}` : `--${flag}`, help);
  }
  emulator.action(
    lazy(
      () => import('./commands/emulator'),
      (m, { options, ctx }) => m.startEmulatorCommand(options, ctx),
    ),
  );

  return program;
}

/**
 * The usage error of an unknown command, with the whole command most likely meant
 * (`reelay posts get` → `reelay posts show`) as the hint, or the group's help.
 */
function unknownCommandError(program: Command, args: string[], error: CommanderError): CliError {
  const unknown = findUnknownCommand(program, args);
  if (!unknown) {
    return new CliError('usage', translateCommanderMessage(error.message), {
      hint: 'veja os comandos com reelay --help',
    });
  }
  return new CliError('usage', `comando desconhecido: '${unknown.word}'`, {
    hint: unknown.suggestion
      ? `quis dizer ${unknown.suggestion}? (veja os comandos com ${unknown.group} --help)`
      : `veja os comandos com ${unknown.group} --help`,
    ...(unknown.suggestion ? { details: { suggestion: unknown.suggestion } } : {}),
  });
}

/**
 * Runs `reelay` with these arguments (`process.argv`) and resolves with the exit code;
 * nothing here calls `process.exit`, so it can run inside a test as well.
 *
 * @example
 * ```ts
 * process.exitCode = await main(process.argv);
 * ```
 */
export async function main(argv: readonly string[]): Promise<number> {
  const json = argv.includes('--json');
  const program = buildProgram();
  try {
    await program.parseAsync([...argv]);
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version')
        return EXIT_CODES.ok;
      // A group called without a subcommand: commander already printed its help.
      if (error.code === 'commander.help') return EXIT_CODES.usage;
      if (error.code === 'commander.unknownCommand') {
        reportError(unknownCommandError(program, argv.slice(2), error), { json });
        return EXIT_CODES.usage;
      }
      reportError(
        new CliError('usage', translateCommanderMessage(error.message), {
          code: 'USAGE_ERROR',
          hint: 'veja as opções com --help',
        }),
        { json },
      );
      return EXIT_CODES.usage;
    }
    reportError(error, { json });
    return exitCodeFor(error);
  }
}
