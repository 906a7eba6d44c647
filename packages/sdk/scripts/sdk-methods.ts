/**
 * How each contract route appears in the SDK: `resource.method`, the names of its
 * positional arguments, and the example shown in its JSDoc; or why it has no method.
 *
 * The generator (`pnpm --filter @reelay/sdk generate`) joins this table with the contract
 * in `@reelay/core` and writes `src/generated/`. A route added to the contract and absent
 * here still gets a method, named by convention (`listNotifications` becomes
 * `notifications.list`); write an entry only to choose another name or a better example.
 */
import type { RouteId } from '@reelay/core';

export interface MethodEntry {
  /** `resource.method`, as called: `posts.create` is `reelay.posts.create()`. */
  readonly method: string;
  /** Argument names of path parameters, by their name in the contract path. */
  readonly params?: Readonly<Record<string, string>>;
  /**
   * Path parameters the SDK fills itself; the caller may still override them in the
   * input object. Used where the contract takes a value that has only one valid answer.
   */
  readonly paramDefaults?: Readonly<Record<string, string>>;
  /** The body of the JSDoc `@example`, with `reelay` as the client. */
  readonly example: string;
  /** A sentence of SDK behaviour added to the JSDoc. */
  readonly note?: string;
}

export interface ExcludedEntry {
  /** Why the SDK has no method for this route. */
  readonly excluded: string;
}

export type SdkMethodEntry = MethodEntry | ExcludedEntry;

const PLATFORM_CALLBACK =
  'Called by Instagram (Meta) itself, never by an integration; verified by the platform signature.';

export const SDK_METHODS = {
  healthz: {
    method: 'health.live',
    example: `const { ok } = await reelay.health.live(); // true while the server and its database answer`,
  },
  healthAuth: {
    method: 'health.check',
    example: `const { project } = await reelay.health.check();\nconsole.log(project.id, project.environment);`,
  },
  getSetupChecks: {
    method: 'health.setup',
    example: `const { ok, checks } = await reelay.health.setup();\nfor (const check of checks) console.log(check.status, check.id, check.fix ?? '');`,
  },
  getOpenApiDocument: {
    method: 'health.openApiDocument',
    example: `const document = await reelay.health.openApiDocument();\nconsole.log(document.info);`,
  },

  signup: {
    method: 'auth.signup',
    example: `const reelay = new Reelay({ baseUrl: 'https://reelay.example.com' });\nconst session = await reelay.auth.signup({ email: 'ana@example.com', password: 'correct horse battery' });\nreelay.setAccessToken(session.accessToken);`,
  },
  login: {
    method: 'auth.login',
    example: `const session = await reelay.auth.login({ email: 'ana@example.com', password: 'correct horse battery' });\nreelay.setAccessToken(session.accessToken);`,
  },
  refresh: {
    method: 'auth.refresh',
    example: `const session = await reelay.auth.refresh({ refreshToken });\nreelay.setAccessToken(session.accessToken);\nrefreshToken = session.refreshToken; // the previous one no longer works`,
  },
  logout: {
    method: 'auth.logout',
    example: `await reelay.auth.logout({ refreshToken }); // this session's refresh tokens stop working\nreelay.setAccessToken(undefined);`,
  },

  getAuthOptions: {
    method: 'auth.options',
    example: `const { signup, oidc } = await reelay.auth.options();\nif (signup) console.log('sign-up is open');\nif (oidc) console.log('OpenID Connect issuer:', oidc.issuer);`,
  },

  getMe: {
    method: 'me.get',
    example: `const { user, organization, projects } = await reelay.me.get();\nconst projectId = projects[0]!.id;`,
  },
  deleteMe: {
    method: 'me.delete',
    example: `await reelay.me.delete(); // irreversible`,
  },
  updateOrganization: {
    method: 'organizations.update',
    params: { id: 'organizationId' },
    example: `const { organization } = await reelay.organizations.update(organizationId, { name: 'Café Aurora' });`,
  },

  listApiKeys: {
    method: 'apiKeys.list',
    params: { id: 'projectId' },
    example: `const { apiKeys } = await reelay.apiKeys.list(projectId);\nfor (const key of apiKeys) console.log(key.prefix, key.revokedAt);`,
  },
  createApiKey: {
    method: 'apiKeys.create',
    params: { id: 'projectId' },
    example: `const { apiKey } = await reelay.apiKeys.create(projectId, { name: 'servidor de produção' });\nsaveSecret(apiKey.key); // shown only in this answer`,
  },
  revokeApiKey: {
    method: 'apiKeys.revoke',
    params: { id: 'projectId', keyId: 'keyId' },
    example: `const { apiKey } = await reelay.apiKeys.revoke(projectId, 'key_01jd8k2m3n4p5q6r7s8t9v0wxy');\nconsole.log(apiKey.revokedAt);`,
  },

  getProjectSettings: {
    method: 'projectSettings.get',
    params: { id: 'projectId' },
    example: `const { settings } = await reelay.projectSettings.get(projectId);\nconsole.log(settings.approvalRequired);`,
  },
  updateProjectSettings: {
    method: 'projectSettings.update',
    params: { id: 'projectId' },
    example: `await reelay.projectSettings.update(projectId, { approvalRequired: true });`,
  },
  submitPost: {
    method: 'posts.submit',
    params: { id: 'postId' },
    example: `const { post: draft } = await reelay.posts.create({ draft: true, content: 'Rascunho' });\n// … add media and accounts with reelay.posts.update(draft.id, …), then:\nconst { post } = await reelay.posts.submit(draft.id);\nconsole.log(post.status); // 'scheduled', 'queued' or 'awaiting_approval'`,
  },
  approvePost: {
    method: 'posts.approve',
    params: { id: 'postId' },
    example: `const { post } = await reelay.posts.approve(postId, { note: 'Pode ir!' });\n// Its time passed while it waited: approve with a new time, or 'now'.\nawait reelay.posts.approve(otherPostId, { scheduledFor: 'now' });`,
  },
  rejectPost: {
    method: 'posts.reject',
    params: { id: 'postId' },
    example: `const { post } = await reelay.posts.reject(postId, { reason: 'Troque a foto, por favor.' });\nconsole.log(post.status, post.rejectionReason); // 'draft', 'Troque a foto, por favor.'`,
  },
  createReviewLink: {
    method: 'reviewLinks.create',
    params: { id: 'postId' },
    example: `const { reviewLink } = await reelay.reviewLinks.create(postId, { expiresInHours: 48, label: 'Ana, da Padaria' });\nconsole.log(reviewLink.url); // send it to the client: shown only now`,
  },
  listReviewLinks: {
    method: 'reviewLinks.list',
    params: { id: 'postId' },
    example: `const { reviewLinks } = await reelay.reviewLinks.list(postId);\nfor (const link of reviewLinks) console.log(link.label, link.expiresAt);`,
  },
  deleteReviewLink: {
    method: 'reviewLinks.revoke',
    params: { id: 'reviewLinkId' },
    example: `await reelay.reviewLinks.revoke('rvl_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  lookupReviewLink: {
    method: 'reviewLinks.lookup',
    example: `const { review } = await reelay.reviewLinks.lookup({ token });\nconsole.log(review.post.content, review.canDecide);`,
  },
  approveByReviewLink: {
    method: 'reviewLinks.approve',
    example: `await reelay.reviewLinks.approve({ token, comment: 'Perfeito!' });`,
  },
  rejectByReviewLink: {
    method: 'reviewLinks.reject',
    example: `await reelay.reviewLinks.reject({ token, comment: 'Troque a foto, por favor.' });`,
  },
  listMembers: {
    method: 'members.list',
    params: { id: 'projectId' },
    example: `const { members } = await reelay.members.list(projectId);\nfor (const member of members) console.log(member.email, member.role);`,
  },
  updateMember: {
    method: 'members.update',
    params: { id: 'projectId', userId: 'userId' },
    example: `const { member } = await reelay.members.update(projectId, 'usr_01jd8k2m3n4p5q6r7s8t9v0wxy', { role: 'editor' });`,
  },
  removeMember: {
    method: 'members.remove',
    params: { id: 'projectId', userId: 'userId' },
    example: `await reelay.members.remove(projectId, 'usr_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  createInvitation: {
    method: 'invitations.create',
    params: { id: 'projectId' },
    example: `const { invitation } = await reelay.invitations.create(projectId, { email: 'bia@example.com', role: 'editor' });\nshare(invitation.url); // shown only in this answer, valid for 7 days`,
  },
  listInvitations: {
    method: 'invitations.list',
    params: { id: 'projectId' },
    example: `const { invitations } = await reelay.invitations.list(projectId);\nfor (const invitation of invitations) console.log(invitation.email, invitation.expiresAt);`,
  },
  deleteInvitation: {
    method: 'invitations.delete',
    params: { id: 'projectId', invitationId: 'invitationId' },
    example: `await reelay.invitations.delete(projectId, 'inv_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  lookupInvitation: {
    method: 'invitations.lookup',
    example: `const { invitation } = await reelay.invitations.lookup({ token });\nconsole.log(invitation.projectName, invitation.role, invitation.email);`,
  },
  acceptInvitation: {
    method: 'invitations.accept',
    example: `const { project } = await reelay.invitations.accept({ token });\nconsole.log(project.id, project.role);`,
  },

  createProfile: {
    method: 'profiles.create',
    example: `const { profile } = await reelay.profiles.create({ name: 'Café Aurora', description: 'Cliente desde 2026' });`,
  },
  listProfiles: {
    method: 'profiles.list',
    example: `const { profiles, total } = await reelay.profiles.list();`,
  },
  updateProfile: {
    method: 'profiles.update',
    params: { id: 'profileId' },
    example: `const { profile } = await reelay.profiles.update('prf_01jd8k2m3n4p5q6r7s8t9v0wxy', { approvalRequired: true });`,
  },
  deleteProfile: {
    method: 'profiles.delete',
    params: { id: 'profileId' },
    example: `await reelay.profiles.delete('prf_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },

  connectPlatform: {
    method: 'accounts.connect',
    paramDefaults: { platform: 'instagram' },
    example: `const { url, expiresAt } = await reelay.accounts.connect({ profileId, redirectUrl: 'https://app.example.com/contas' });\n// send the person's browser to \`url\` before \`expiresAt\``,
  },
  listIntegrations: {
    method: 'accounts.list',
    example: `for await (const account of reelay.accounts.list({ profileId })) {\n  console.log(account.displayName, account.authStatus);\n}`,
  },
  deleteIntegration: {
    method: 'accounts.disconnect',
    params: { id: 'accountId' },
    example: `await reelay.accounts.disconnect('int_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  getIntegrationHealth: {
    method: 'accounts.health',
    params: { id: 'accountId' },
    example: `const { health } = await reelay.accounts.health(accountId, { force: true });\nif (health.authStatus === 'reconnect_required') askToReconnect(accountId);`,
  },
  getIntegrationInsights: {
    method: 'accounts.insights',
    params: { id: 'accountId' },
    example: `const { insights } = await reelay.accounts.insights(accountId, { since: '2026-11-01', until: '2026-11-07' });\nfor (const day of insights.days) console.log(day.date, day.reach, day.followerCount);`,
  },
  connectCallback: { excluded: PLATFORM_CALLBACK },

  getIntegrationSlots: {
    method: 'accounts.slots',
    params: { id: 'accountId' },
    example: `const { schedule } = await reelay.accounts.slots(accountId);\nconsole.log(schedule.source, schedule.timezone, schedule.slots); // 'profile' when it follows its profile's`,
  },
  replaceIntegrationSlots: {
    method: 'accounts.replaceSlots',
    params: { id: 'accountId' },
    example: `await reelay.accounts.replaceSlots(accountId, {\n  timezone: 'America/Sao_Paulo',\n  slots: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).flatMap((day) => [\n    { day, time: '09:00' },\n    { day, time: '18:00' },\n  ]),\n});\nawait reelay.accounts.replaceSlots(accountId, { slots: [] }); // follow the profile's again`,
  },
  listIntegrationFreeSlots: {
    method: 'accounts.freeSlots',
    params: { id: 'accountId' },
    example: `const { slots } = await reelay.accounts.freeSlots(accountId, { count: 5 });\nfor (const slot of slots) console.log(slot.local, slot.at); // '2026-12-01T09:00', '2026-12-01T12:00:00.000Z'`,
  },
  suggestIntegrationSlots: {
    method: 'accounts.suggestSlots',
    params: { id: 'accountId' },
    example: `const { source, timezone, suggestions } = await reelay.accounts.suggestSlots(accountId, { timezone: 'America/Sao_Paulo' });\nawait reelay.accounts.replaceSlots(accountId, { timezone, slots: suggestions.map(({ day, time }) => ({ day, time })) });`,
  },
  getProfileSlots: {
    method: 'profiles.slots',
    params: { id: 'profileId' },
    example: `const { schedule } = await reelay.profiles.slots(profileId);`,
  },
  replaceProfileSlots: {
    method: 'profiles.replaceSlots',
    params: { id: 'profileId' },
    example: `await reelay.profiles.replaceSlots(profileId, {\n  timezone: 'Europe/Lisbon',\n  slots: [{ day: 'saturday', time: '10:30' }],\n});`,
  },
  listProfileFreeSlots: {
    method: 'profiles.freeSlots',
    params: { id: 'profileId' },
    example: `const { slots } = await reelay.profiles.freeSlots(profileId, { count: 3 }); // free on every account that follows it`,
  },

  createPost: {
    method: 'posts.create',
    example: `const { post } = await reelay.posts.create({\n  content: 'Bom dia! #café',\n  mediaItems: [{ type: 'image', url: 'https://cdn.example.com/cafe.jpg' }],\n  platforms: [{ platform: 'instagram', accountId }],\n  scheduledFor: '2026-12-01T10:00:00-03:00',\n  timezone: 'America/Sao_Paulo',\n});\n// queue: true instead of scheduledFor: each account's next free posting slot\n// recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO' }: repeats at 10:00 local time (reelay.series)`,
    note: 'When `idempotencyKey` is absent the SDK generates one and reuses it on every automatic retry, so a retried creation never makes a second post; the key is on the returned post and on any `ReelayError` thrown.',
  },
  listPosts: {
    method: 'posts.list',
    example: `for await (const post of reelay.posts.list({ status: 'scheduled', limit: 50 })) {\n  console.log(post.id, post.scheduledFor);\n}`,
  },
  getPost: {
    method: 'posts.get',
    params: { id: 'postId' },
    example: `const { post } = await reelay.posts.get('post_01jd8k2m3n4p5q6r7s8t9v0wxy');\nfor (const target of post.platforms) console.log(target.status, target.errorCode);`,
  },
  updatePost: {
    method: 'posts.update',
    params: { id: 'postId' },
    example: `const { post } = await reelay.posts.update(postId, { scheduledFor: new Date('2026-12-02T13:00:00Z') });`,
  },
  deletePost: {
    method: 'posts.cancel',
    params: { id: 'postId' },
    example: `const { post } = await reelay.posts.cancel(postId); // post.status === 'cancelled'`,
  },
  retryPost: {
    method: 'posts.retry',
    params: { id: 'postId' },
    example: `await reelay.posts.retry(postId); // now\nawait reelay.posts.retry(postId, { scheduledFor: '2026-12-01T18:00:00-03:00' });`,
  },
  getPostInsights: {
    method: 'posts.insights',
    params: { id: 'postId' },
    example: `const { platforms } = await reelay.posts.insights(postId);\nfor (const entry of platforms) console.log(entry.integrationId, entry.metrics.views, entry.reason);\nawait reelay.posts.insights(postId, { force: true }); // ask Instagram now, not the last hour's read`,
  },
  listPostNotes: {
    method: 'posts.notes',
    params: { id: 'postId' },
    example: `const { notes } = await reelay.posts.notes(postId);\nfor (const note of notes) console.log(note.author.name, note.text);`,
  },
  createPostNote: {
    method: 'posts.addNote',
    params: { id: 'postId' },
    example: `const { note } = await reelay.posts.addNote(postId, { text: 'Trocar a foto da capa, como pediu o cliente.' });`,
  },
  listPostActivity: {
    method: 'posts.activity',
    params: { id: 'postId' },
    example: `const { activity } = await reelay.posts.activity(postId);\nfor (const entry of activity) console.log(entry.createdAt, entry.actor.name, entry.action, entry.fields);`,
  },
  listActivity: {
    method: 'activity.list',
    example: `const { activity } = await reelay.activity.list({ limit: 20 });\nfor await (const entry of reelay.activity.list({ actor: userId })) console.log(entry.action, entry.postId);`,
  },

  uploadMedia: {
    method: 'media.upload',
    example: `const { media } = await reelay.media.upload('./cafe.jpg'); // a path (Node, Bun, Deno)\nawait reelay.media.upload(fileInput.files[0]); // a Blob or File\nawait reelay.media.upload({ url: 'https://cdn.example.com/reel.mp4' }); // imported by URL`,
  },
  listMedia: {
    method: 'media.list',
    example: `for await (const media of reelay.media.list({ type: 'video' })) {\n  console.log(media.id, media.duration, media.kinds);\n}\nconst { total, media } = await reelay.media.list({ limit: 24, offset: 0 }); // one page`,
  },
  getMedia: {
    method: 'media.get',
    params: { id: 'mediaId' },
    example: `const { media } = await reelay.media.get('med_01jd8k2m3n4p5q6r7s8t9v0wxy');\nfor (const post of media.posts) console.log(post.id, post.status, post.scheduledFor);`,
  },
  deleteMedia: {
    method: 'media.delete',
    params: { id: 'mediaId' },
    example: `try {\n  await reelay.media.delete(mediaId); // the row and its stored files go\n} catch (error) {\n  // Still used by posts that have to publish it: cancel or edit them first.\n  if (isReelayError(error, 'MEDIA_IN_USE')) console.log(error.details?.postIds);\n}`,
  },

  createNotification: {
    method: 'notifications.create',
    example: `const { notification } = await reelay.notifications.create({\n  eventTypes: ['post.published', 'post.failed'],\n  webhook: { url: 'https://app.example.com/webhooks/reelay' },\n});\nsaveSecret(notification.webhook.secret); // shown only in this answer`,
  },
  listNotifications: {
    method: 'notifications.list',
    example: `for await (const notification of reelay.notifications.list()) {\n  console.log(notification.id, notification.webhook.url, notification.paused);\n}`,
  },
  getNotification: {
    method: 'notifications.get',
    params: { id: 'notificationId' },
    example: `const { notification } = await reelay.notifications.get('ntf_01jd8k2m3n4p5q6r7s8t9v0wxy');\nconsole.log(notification.eventTypes);`,
  },
  updateNotification: {
    method: 'notifications.update',
    params: { id: 'notificationId' },
    example: `await reelay.notifications.update(notificationId, { paused: true }); // events wait as pending\nawait reelay.notifications.update(notificationId, { paused: false }); // and go now`,
  },
  deleteNotification: {
    method: 'notifications.delete',
    params: { id: 'notificationId' },
    example: `await reelay.notifications.delete('ntf_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  rotateNotificationSecret: {
    method: 'notifications.rotateSecret',
    params: { id: 'notificationId' },
    example: `const { notification } = await reelay.notifications.rotateSecret(notificationId, { overlapSeconds: 3600 });\nsaveSecret(notification.webhook.secret); // the old secret keeps signing for an hour`,
  },
  testNotification: {
    method: 'notifications.test',
    example: `const { result } = await reelay.notifications.test({ webhook: { url: 'https://app.example.com/webhooks/reelay' } });\nconsole.log(result.delivered, result.responseStatus);`,
  },
  listDeliveries: {
    method: 'notifications.deliveries',
    params: { id: 'notificationId' },
    example: `const failed = await reelay.notifications.deliveries(notificationId, { status: 'failed' }).toArray({ max: 100 });`,
  },
  redeliverDelivery: {
    method: 'notifications.redeliver',
    params: { id: 'notificationId', deliveryId: 'deliveryId' },
    example: `const { delivery } = await reelay.notifications.redeliver(notificationId, 'dlv_01jd8k2m3n4p5q6r7s8t9v0wxy');\nconsole.log(delivery.id, delivery.redeliveryOf, delivery.status); // a new delivery, 'pending'`,
  },

  listComments: {
    method: 'comments.list',
    example: `const { total, comments } = await reelay.comments.list({ status: 'unread' });\nfor (const thread of comments) console.log(thread.username, thread.text, thread.replies.length);`,
  },
  getComment: {
    method: 'comments.get',
    params: { id: 'commentId' },
    example: `const { comment } = await reelay.comments.get('cmt_01jd8k2m3n4p5q6r7s8t9v0wxy');\nconsole.log(comment.hidden, comment.deleted, comment.status);`,
  },
  replyToComment: {
    method: 'comments.reply',
    params: { id: 'commentId' },
    example: `const { comment: reply } = await reelay.comments.reply(commentId, {\n  message: 'Obrigada! Custa R$ 12.',\n  idempotencyKey: \`reply-\${commentId}\`, // a retry never replies twice\n});`,
  },
  hideComment: {
    method: 'comments.hide',
    params: { id: 'commentId' },
    example: `const { comment } = await reelay.comments.hide(commentId);\nconsole.log(comment.hidden); // true`,
  },
  unhideComment: {
    method: 'comments.unhide',
    params: { id: 'commentId' },
    example: `await reelay.comments.unhide(commentId);`,
  },
  deleteComment: {
    method: 'comments.delete',
    params: { id: 'commentId' },
    example: `const { comment } = await reelay.comments.delete(commentId);\nconsole.log(comment.deleted); // true: kept here as a record`,
  },
  updateComment: {
    method: 'comments.update',
    params: { id: 'commentId' },
    example: `await reelay.comments.update(commentId, { status: 'read', assigneeId: 'usr_01jd8k2m3n4p5q6r7s8t9v0wxy' });`,
  },
  privateReplyToComment: {
    method: 'comments.privateReply',
    params: { id: 'commentId' },
    example: `const { comment } = await reelay.comments.privateReply(commentId, { message: 'Oi! Segue o cardápio.' });\nconsole.log(comment.privateReplySentAt);`,
  },
  commentOnPost: {
    method: 'posts.comment',
    params: { id: 'postId' },
    example: `const { comment } = await reelay.posts.comment(postId, { message: 'Sorteio encerrado, obrigado!' });`,
  },
  setPostCommenting: {
    method: 'posts.setCommenting',
    params: { id: 'postId' },
    example: `await reelay.posts.setCommenting(postId, { enabled: false }); // no new comments`,
  },
  syncComments: {
    method: 'comments.sync',
    example: `const { newComments } = await reelay.comments.sync();`,
  },
  listMentions: {
    method: 'mentions.list',
    example: `const { mentions } = await reelay.mentions.list({ limit: 20 });\nfor (const mention of mentions) console.log(mention.kind, mention.username, mention.text);`,
  },
  listSavedReplies: {
    method: 'savedReplies.list',
    example: `const { savedReplies } = await reelay.savedReplies.list();`,
  },
  createSavedReply: {
    method: 'savedReplies.create',
    example: `const { savedReply } = await reelay.savedReplies.create({ title: 'Preço', text: 'Os preços estão no link da bio.' });`,
  },
  deleteSavedReply: {
    method: 'savedReplies.delete',
    params: { id: 'savedReplyId' },
    example: `await reelay.savedReplies.delete('svr_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  listSeries: {
    method: 'series.list',
    example: `const { series } = await reelay.series.list({ status: 'active' });`,
  },
  getSeries: {
    method: 'series.get',
    params: { id: 'seriesId' },
    example: `const { series } = await reelay.series.get('ser_01jd8k2m3n4p5q6r7s8t9v0wxy');\nfor (const next of series.upcoming) console.log(next.index, next.at);`,
  },
  updateSeries: {
    method: 'series.update',
    params: { id: 'seriesId' },
    example: `await reelay.series.update('ser_01jd8k2m3n4p5q6r7s8t9v0wxy', { content: 'O cardápio da semana ☕' });`,
  },
  stopSeries: {
    method: 'series.stop',
    params: { id: 'seriesId' },
    example: `const { cancelledPostIds } = await reelay.series.stop('ser_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  listFeeds: {
    method: 'feeds.list',
    example: `const { feeds } = await reelay.feeds.list();\nfor (const feed of feeds) console.log(feed.url, feed.status, feed.lastError?.message);`,
  },
  createFeed: {
    method: 'feeds.create',
    example: `const { feed } = await reelay.feeds.create({\n  url: 'https://blog.example.com/feed.xml',\n  integrationIds: [accountId],\n  mode: 'draft',\n  captionTemplate: '{title}\\n\\n{link}',\n});`,
  },
  getFeed: {
    method: 'feeds.get',
    params: { id: 'feedId' },
    example: `const { feed } = await reelay.feeds.get('fed_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  updateFeed: {
    method: 'feeds.update',
    params: { id: 'feedId' },
    example: `await reelay.feeds.update('fed_01jd8k2m3n4p5q6r7s8t9v0wxy', { paused: true });`,
  },
  deleteFeed: {
    method: 'feeds.delete',
    params: { id: 'feedId' },
    example: `await reelay.feeds.delete('fed_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  checkFeed: {
    method: 'feeds.check',
    params: { id: 'feedId' },
    example: `const { check } = await reelay.feeds.check('fed_01jd8k2m3n4p5q6r7s8t9v0wxy');\nconsole.log(check.outcome, check.postIds);`,
  },
  listSnippets: {
    method: 'snippets.list',
    example: `const { snippets } = await reelay.snippets.list({ kind: 'hashtags' });`,
  },
  createSnippet: {
    method: 'snippets.create',
    example: `const { snippet } = await reelay.snippets.create({ kind: 'hashtags', title: 'Café', text: '#café #barista' });`,
  },
  updateSnippet: {
    method: 'snippets.update',
    params: { id: 'snippetId' },
    example: `await reelay.snippets.update('snp_01jd8k2m3n4p5q6r7s8t9v0wxy', { text: '#café #espresso' });`,
  },
  deleteSnippet: {
    method: 'snippets.delete',
    params: { id: 'snippetId' },
    example: `await reelay.snippets.delete('snp_01jd8k2m3n4p5q6r7s8t9v0wxy');`,
  },
  verifyMetaWebhook: { excluded: PLATFORM_CALLBACK },
  receiveMetaWebhook: { excluded: PLATFORM_CALLBACK },
  metaDeauthorize: { excluded: PLATFORM_CALLBACK },
  metaDataDeletion: { excluded: PLATFORM_CALLBACK },
  getDataDeletionStatus: {
    excluded:
      'The status page of a Meta data-deletion request, opened by the person who asked Meta; not part of an integration.',
  },
} as const satisfies Partial<Record<RouteId, SdkMethodEntry>>;

/** The resources of the client, in the order they appear on `Reelay`, with their JSDoc. */
export const SDK_RESOURCES: Readonly<Record<string, { summary: string; example: string }>> = {
  health: {
    summary: 'Liveness and credential checks.',
    example: `const { project } = await reelay.health.check();`,
  },
  auth: {
    summary:
      'The built-in login (Bearer mode): sign-up, login, token refresh and logout. Public routes: no credential is sent.',
    example: `const session = await reelay.auth.login({ email, password });`,
  },
  me: {
    summary: 'The signed-in user, their organization and projects (Bearer only).',
    example: `const { projects } = await reelay.me.get();`,
  },
  organizations: {
    summary: 'The organization of the signed-in user (Bearer only).',
    example: `await reelay.organizations.update(organizationId, { name: 'Café Aurora' });`,
  },
  apiKeys: {
    summary: "A project's API keys (Bearer only).",
    example: `const { apiKey } = await reelay.apiKeys.create(projectId, { name: 'ci' });`,
  },
  members: {
    summary: "A project's members and their roles (Bearer only).",
    example: `const { members } = await reelay.members.list(projectId);`,
  },
  invitations: {
    summary: 'Invitations that bring people into a project, and accepting one (Bearer only).',
    example: `const { invitation } = await reelay.invitations.create(projectId, { email, role: 'editor' });`,
  },
  profiles: {
    summary: 'Profiles group connected accounts, for example one per client or brand.',
    example: `const { profile } = await reelay.profiles.create({ name: 'Café Aurora' });`,
  },
  accounts: {
    summary: 'Connected Instagram professional accounts: connect, list, check and disconnect.',
    example: `const { url } = await reelay.accounts.connect({ profileId });`,
  },
  posts: {
    summary: 'Posts published now or scheduled, to 1 to 5 connected accounts.',
    example: `for await (const post of reelay.posts.list({ status: 'failed' })) await reelay.posts.retry(post.id);`,
  },
  media: {
    summary:
      'Media uploaded to Reelay (or imported from a URL) and referenced by `mediaId`: upload, list, read and delete.',
    example: `const { media } = await reelay.media.upload('./cafe.jpg');`,
  },
  notifications: {
    summary: 'Webhook subscriptions and their delivery history.',
    example: `await reelay.notifications.create({ eventTypes: ['post.failed'], webhook: { url } });`,
  },
};
