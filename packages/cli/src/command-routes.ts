/**
 * Which `reelay` command reaches each route of the contract, and why the others are not
 * in the CLI; then the commands that call no route at all. Typed by route id, so a route
 * added to the contract does not compile until it has a command or a stated reason; a
 * test walks the command tree to check both directions (test/cli-contract-coverage.test.ts).
 */
import type { RouteId } from '@reelay/core';

/** The commands that call a route (`'posts create'`), or why no command does. */
export type CommandCoverage = readonly string[] | { readonly excluded: string };

/**
 * Route id → the commands that call it.
 *
 * @example
 * ```ts
 * COMMAND_ROUTES.createPost; // ['posts create', 'posts schedule', 'posts draft', 'posts bulk']
 * ```
 */
export const COMMAND_ROUTES: Readonly<Record<RouteId, CommandCoverage>> = {
  healthz: ['status'],
  healthAuth: ['status', 'whoami'],
  getSetupChecks: ['doctor'],
  getOpenApiDocument: ['openapi'],
  signup: ['signup'],
  login: ['login'],
  getAuthOptions: ['status'],
  refresh: {
    excluded: 'every command renews an expired session by itself with the stored refresh token',
  },
  logout: ['logout'],
  getMe: ['whoami', 'org rename', 'me delete'],
  deleteMe: ['me delete'],
  updateOrganization: ['org rename'],
  listApiKeys: ['keys list'],
  createApiKey: ['keys create'],
  revokeApiKey: ['keys revoke'],
  listMembers: ['members list'],
  updateMember: ['members role'],
  removeMember: ['members remove'],
  createInvitation: ['invitations create'],
  listInvitations: ['invitations list'],
  deleteInvitation: ['invitations cancel'],
  lookupInvitation: {
    excluded:
      "the web app's invitation page shows an invitation before signing in; `reelay invitations accept` and `reelay signup --invitation` take the link directly",
  },
  acceptInvitation: ['invitations accept'],
  createProfile: ['profiles create'],
  listProfiles: ['profiles list'],
  updateProfile: ['profiles approval'],
  deleteProfile: ['profiles delete'],
  connectPlatform: ['accounts connect'],
  listIntegrations: ['accounts list', 'accounts connect', 'posts bulk'],
  deleteIntegration: ['accounts disconnect'],
  getIntegrationHealth: ['accounts health'],
  getIntegrationInsights: ['accounts insights'],
  getIntegrationSlots: ['slots show'],
  replaceIntegrationSlots: ['slots set', 'slots clear'],
  listIntegrationFreeSlots: ['slots next'],
  suggestIntegrationSlots: ['slots suggest'],
  getProfileSlots: ['slots show'],
  replaceProfileSlots: ['slots set', 'slots clear'],
  listProfileFreeSlots: ['slots next'],
  connectCallback: {
    excluded: 'Instagram redirects the browser here after authorization; nobody calls it',
  },
  createPost: ['posts create', 'posts schedule', 'posts draft', 'posts bulk'],
  listPosts: ['posts list', 'posts bulk'],
  getPost: ['posts show'],
  updatePost: ['posts reschedule', 'posts edit'],
  deletePost: ['posts cancel'],
  retryPost: ['posts retry'],
  getPostInsights: ['posts insights'],
  submitPost: ['posts submit'],
  approvePost: ['posts approve'],
  rejectPost: ['posts reject'],
  getProjectSettings: ['approval show'],
  updateProjectSettings: ['approval set'],
  createReviewLink: ['review-links create'],
  listReviewLinks: ['review-links list'],
  deleteReviewLink: ['review-links revoke'],
  lookupReviewLink: {
    excluded: 'the client who receives a review link opens it in a browser; its page calls this',
  },
  approveByReviewLink: {
    excluded: 'the client who receives a review link approves on its page, in a browser',
  },
  rejectByReviewLink: {
    excluded: 'the client who receives a review link rejects on its page, in a browser',
  },
  listComments: ['comments list'],
  getComment: ['comments show', 'comments delete'],
  replyToComment: ['comments reply'],
  updateComment: ['comments read', 'comments unread', 'comments assign'],
  privateReplyToComment: ['comments private-reply'],
  hideComment: ['comments hide'],
  unhideComment: ['comments unhide'],
  deleteComment: ['comments delete'],
  commentOnPost: ['posts comment'],
  setPostCommenting: ['posts commenting'],
  syncComments: ['comments sync'],
  listMentions: ['mentions list'],
  listSavedReplies: ['saved-replies list', 'comments reply', 'saved-replies delete'],
  createSavedReply: ['saved-replies create'],
  deleteSavedReply: ['saved-replies delete'],
  listSeries: ['series list'],
  getSeries: ['series show'],
  updateSeries: ['series edit'],
  stopSeries: ['series stop'],
  listFeeds: ['feeds list'],
  createFeed: ['feeds add'],
  getFeed: ['feeds show'],
  updateFeed: ['feeds pause', 'feeds resume'],
  deleteFeed: ['feeds remove'],
  checkFeed: ['feeds check'],
  listSnippets: ['snippets list'],
  createSnippet: ['snippets create'],
  updateSnippet: ['snippets edit'],
  deleteSnippet: ['snippets delete'],
  listPostNotes: ['posts notes'],
  createPostNote: ['posts note'],
  listPostActivity: ['posts activity'],
  listActivity: ['activity'],
  uploadMedia: [
    'media upload',
    'posts create',
    'posts schedule',
    'posts draft',
    'posts edit',
    'posts bulk',
  ],
  listMedia: ['media list'],
  getMedia: ['media show'],
  updateMedia: ['media keep', 'media unkeep'],
  deleteMedia: ['media delete'],
  createNotification: ['webhooks create'],
  listNotifications: ['webhooks list'],
  getNotification: ['webhooks show'],
  updateNotification: ['webhooks update'],
  deleteNotification: ['webhooks delete'],
  rotateNotificationSecret: ['webhooks rotate-secret'],
  testNotification: ['webhooks test'],
  listDeliveries: ['webhooks deliveries'],
  redeliverDelivery: ['webhooks redeliver'],
  metaDeauthorize: {
    excluded: 'Meta calls it, signed with the app secret, when a user removes the app',
  },
  verifyMetaWebhook: {
    excluded: "Meta calls it to verify the inbox's callback URL, with the server's verify token",
  },
  receiveMetaWebhook: {
    excluded: 'Meta calls it, signed with the app secret, with new comments and mentions',
  },
  metaDataDeletion: {
    excluded: 'Meta calls it, signed with the app secret, when a user asks for deletion',
  },
  getDataDeletionStatus: {
    excluded: 'the page Meta shows the user about a deletion request, opened in a browser',
  },
};

/**
 * Commands that call no route of the contract, each with what it does instead.
 *
 * @example
 * ```ts
 * Object.keys(LOCAL_COMMANDS).includes('webhooks verify'); // true
 * ```
 */
export const LOCAL_COMMANDS: Readonly<Record<string, string>> = {
  'config set': 'writes the local configuration',
  'config get': 'reads the local configuration',
  'config list': 'lists the local contexts',
  'config use-context': 'switches the local context',
  'config delete-context': 'deletes a local context',
  'webhooks verify': 'checks a saved delivery against a secret, offline',
  'webhooks listen': 'runs a local receiver for deliveries',
  serve: 'starts a Reelay server in this process',
  emulator: 'starts the Instagram emulator in this process',
  backup: "backs up the server's database and media from its environment, without the HTTP API",
  restore: "restores a backup into the server's database and media, for a stopped server",
  mcp: 'serves the MCP tools over stdio; each tool calls its route through the SDK (@reelay/mcp)',
  completion: 'prints a shell completion script generated from the command table',
  __complete:
    'prints value lists for the completion scripts (account usernames, read through the same list as `accounts list`)',
};
