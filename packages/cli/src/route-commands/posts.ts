/**
 * Post commands: creating, scheduling, drafting, bulk scheduling, listing, reading, editing,
 * rescheduling, cancelling and retrying posts, their insights, and the team's notes and
 * activity. Part of the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import { allPages, pageOptions, sortOption } from './command-parts';
import type { ArgumentSpec, CommandSpec, OptionSpec } from './command-spec';

const postsModule = () => import('../commands/posts');
const trailModule = () => import('../commands/team-trail');

const postId: ArgumentSpec = { value: 'id', help: 'help.postId' };

/** Which command the post's options are for: each takes the time and waits differently. */
type PostInputMode = 'create' | 'schedule' | 'draft' | 'edit';

const AT_HELP = {
  create: ['help.atNow', 'help.atFormats'],
  schedule: 'help.atFormats',
  draft: ['help.atDraft', 'help.atFormats'],
  edit: ['help.atEdit', 'help.atFormats'],
} as const satisfies Record<PostInputMode, OptionSpec['help']>;

/**
 * What `posts create`, `schedule`, `draft` and `edit` share: the post and its Instagram
 * options. Only a new post takes an idempotency key, and only a post that publishes can
 * be waited for.
 */
function postInput(mode: PostInputMode): OptionSpec[] {
  const creating = mode !== 'edit';
  const publishing = mode === 'create' || mode === 'schedule';
  return [
    { flags: '--caption-file', value: 'placeholder.file', help: 'help.captionFile' },
    {
      flags: '-m, --media',
      value: 'placeholder.media',
      help: mode === 'edit' ? 'help.editMedia' : 'help.media',
      repeat: true,
    },
    {
      flags: '-a, --account',
      value: 'placeholder.account',
      help: mode === 'edit' ? 'help.editAccount' : 'help.account',
      repeat: true,
    },
    { flags: '--at', value: 'placeholder.when', help: AT_HELP[mode] },
    { flags: '--timezone', value: 'placeholder.zone', help: 'help.timezone', field: 'timezone' },
    { flags: '--kind', value: 'placeholder.kind', help: 'help.kind', field: 'kind' },
    ...(creating
      ? [
          {
            flags: '--idempotency-key',
            value: 'placeholder.key',
            help: 'help.idempotencyKey',
            field: 'idempotencyKey',
          } as const,
        ]
      : []),
    { flags: '--first-comment', value: 'placeholder.text', help: 'help.firstComment' },
    { flags: '--alt-text', value: 'placeholder.text', help: 'help.altText' },
    {
      flags: '--collaborator',
      value: 'placeholder.user',
      help: 'help.collaborator',
      repeat: true,
    },
    { flags: '--ai-generated', help: 'help.aiGenerated' },
    {
      flags: '--trial',
      value: 'placeholder.graduation',
      help: 'help.trial',
      field: 'platforms[].options.trialParams.graduationStrategy',
    },
    { flags: '--audio-name', value: 'placeholder.name', help: 'help.audioName' },
    { flags: '--product', value: 'id[:x,y]', help: 'help.product', repeat: true },
    { flags: '--evergreen', help: 'help.evergreen' },
    ...(creating ? [] : [{ flags: '--no-evergreen', help: 'help.noEvergreen' } as const]),
    {
      flags: '--evergreen-caption',
      value: 'placeholder.caption',
      help: 'help.evergreenCaption',
      repeat: true,
    },
    ...(publishing
      ? [
          { flags: '--repeat', value: 'placeholder.rule', help: 'help.repeat' } as const,
          { flags: '--wait', help: 'help.wait' } as const,
          { flags: '--timeout', value: 'placeholder.seconds', help: 'help.waitTimeout' } as const,
        ]
      : []),
  ];
}
const caption: ArgumentSpec = {
  value: 'placeholder.caption',
  help: 'help.caption',
  optional: true,
};

export const postCommands = {
  createPost: [
    {
      name: 'posts create',
      help: 'help.postsCreate',
      arguments: [caption],
      options: [...postInput('create'), { flags: '--queue', help: 'help.queue', field: 'queue' }],
      run: async ([text], o, ctx) => (await postsModule()).createPost(text, o, ctx),
    },
    {
      name: 'posts schedule',
      help: 'help.postsSchedule',
      arguments: [caption],
      options: postInput('schedule'),
      run: async ([text], o, ctx) => (await postsModule()).schedulePost(text, o, ctx),
    },
    {
      name: 'posts draft',
      help: 'help.postsDraft',
      arguments: [caption],
      options: postInput('draft'),
      run: async ([text], o, ctx) => (await postsModule()).draftPost(text, o, ctx),
    },
    {
      name: 'posts bulk',
      help: 'help.postsBulk',
      arguments: [{ value: 'placeholder.file', help: 'help.bulkFile' }],
      options: [
        { flags: '--dry-run', help: 'help.dryRun' },
        { flags: '--timezone', value: 'placeholder.zone', help: 'help.bulkTimezone' },
      ],
      run: async ([file], o, ctx) =>
        (await import('../commands/posts-bulk')).bulkSchedule(file!, o, ctx),
    },
  ],
  listPosts: [
    {
      name: 'posts list',
      help: 'help.postsList',
      options: [
        { flags: '--status', value: 'status', help: 'help.onlyStatus', field: 'status' },
        { flags: '--kind', value: 'placeholder.kind', help: 'help.onlyKind', field: 'kind' },
        {
          flags: '--account',
          value: 'placeholder.account',
          help: 'help.listAccount',
          field: 'accountId',
        },
        { flags: '--profile', value: 'id', help: 'help.listProfile', field: 'profileId' },
        { flags: '--from', value: 'placeholder.when', help: 'help.listFrom', field: 'from' },
        { flags: '--to', value: 'placeholder.when', help: 'help.listTo', field: 'to' },
        ...pageOptions,
        sortOption,
        allPages,
        { flags: '--utc', help: 'help.listUtc' },
      ],
      run: async (_, o, ctx) => (await postsModule()).listPosts(o, ctx),
    },
  ],
  getPost: [
    {
      name: 'posts show',
      help: 'help.postsShow',
      arguments: [postId],
      run: async ([id], _o, ctx) => (await postsModule()).showPost(id!, ctx),
    },
  ],
  listPostNotes: [
    {
      name: 'posts notes',
      help: 'help.postsNotes',
      arguments: [postId],
      run: async ([id], _o, ctx) => (await trailModule()).listNotes(id!, ctx),
    },
  ],
  createPostNote: [
    {
      name: 'posts note',
      help: 'help.postsNote',
      arguments: [postId, { value: 'placeholder.text', help: 'help.noteText' }],
      run: async ([id, text], _o, ctx) => (await trailModule()).addNote(id!, text!, ctx),
    },
  ],
  listPostActivity: [
    {
      name: 'posts activity',
      help: 'help.postsActivity',
      arguments: [postId],
      run: async ([id], _o, ctx) => (await trailModule()).postActivity(id!, ctx),
    },
  ],
  listActivity: [
    {
      name: 'activity',
      help: 'help.activity',
      options: [
        { flags: '--actor', value: 'placeholder.user', help: 'help.activityActor', field: 'actor' },
        { flags: '--post', value: 'id', help: 'help.activityPost', field: 'postId' },
        ...pageOptions,
      ],
      run: async (_, o, ctx) => (await trailModule()).projectActivity(o, ctx),
    },
  ],
  getPostInsights: [
    {
      name: 'posts insights',
      help: 'help.postsInsights',
      arguments: [postId],
      options: [{ flags: '--force', help: 'help.postInsightsForce', field: 'force' }],
      run: async ([id], o, ctx) => (await import('../commands/insights')).postInsights(id!, o, ctx),
    },
  ],
  updatePost: [
    {
      name: 'posts reschedule',
      help: 'help.postsReschedule',
      arguments: [postId],
      options: [
        { flags: '--at', value: 'placeholder.when', help: 'help.rescheduleAt', required: true },
        {
          flags: '--timezone',
          value: 'placeholder.zone',
          help: 'help.zoneOfPost',
          field: 'timezone',
        },
      ],
      run: async ([id], o, ctx) =>
        (await postsModule()).reschedulePost(id!, o as { at: string }, ctx),
    },
    {
      name: 'posts edit',
      help: 'help.postsEdit',
      arguments: [postId, caption],
      options: [...postInput('edit'), { flags: '--unschedule', help: 'help.unschedule' }],
      run: async ([id, text], o, ctx) => (await postsModule()).editPost(id!, text, o, ctx),
    },
  ],
  deletePost: [
    {
      name: 'posts cancel',
      help: 'help.postsCancel',
      arguments: [postId],
      run: async ([id], _o, ctx) => (await postsModule()).cancelPost(id!, ctx),
    },
  ],
  retryPost: [
    {
      name: 'posts retry',
      help: 'help.postsRetry',
      arguments: [postId],
      options: [
        { flags: '--at', value: 'placeholder.when', help: 'help.retryAt' },
        {
          flags: '--timezone',
          value: 'placeholder.zone',
          help: 'help.retryTimezone',
          field: 'timezone',
        },
      ],
      run: async ([id], o, ctx) => (await postsModule()).retryPost(id!, o, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
