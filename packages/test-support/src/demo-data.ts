/**
 * A project that looks used, for screenshots and demonstrations: a profile with an
 * emulated Instagram account connected through the consent page, posts in several states
 * (published, failed, scheduled), a weekly posting schedule (so free slots and the queue
 * have times to show), a webhook subscription with deliveries and two API keys. Everything goes through the app or the SDK, as a person or an integration would.
 */
import { Reelay } from '@reelay/sdk';
import type { Page } from 'playwright-core';
import type { AppServer } from './app-server';
import { connectThroughConsentPage } from './flows';

const HOUR = 3_600_000;

export interface DemoOptions {
  /** The person already signed up (and signed in on `page`). */
  email: string;
  password: string;
  /** Where the demo webhook subscription sends (a local receiver). */
  webhookUrl: string;
  /** Four image files to post. */
  pictures: readonly [string, string, string, string];
  /** The IANA zone the scheduled posts are written in. */
  timeZone: string;
}

/** Runs the server's background jobs until `done` says so (publishing takes a few rounds). */
async function settle(app: AppServer, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the demo posts did not finish in 60 s');
    await app.reelay.tasks.runDueJobs();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the demo made that a caller may want to open. */
export interface DemoData {
  /** The post published on the demo account (its page shows outcomes and insights). */
  publishedPostId: string;
}

/**
 * Fills the person's first project; `page` ends on the accounts page.
 *
 * @example
 * ```ts
 * await signUp(page, app, 'ana@example.com');
 * const { publishedPostId } = await seedDemo(app, page, {
 *   email: 'ana@example.com', password, webhookUrl, pictures, timeZone,
 * });
 * ```
 */
export async function seedDemo(
  app: AppServer,
  page: Page,
  options: DemoOptions,
): Promise<DemoData> {
  const api = new Reelay({ baseUrl: app.url });
  const session = await api.auth.login({ email: options.email, password: options.password });
  api.setAccessToken(session.accessToken);
  const { projects, organization } = await api.me.get();
  const projectId = projects[0]!.id;
  api.setProjectId(projectId);
  await api.organizations.update(organization.id, { name: 'Café Aurora' });

  const { profile } = await api.profiles.create({
    name: 'Café Aurora',
    description: 'Cafeteria do centro',
  });
  app.emulator.createAccount({ username: 'cafe.aurora', accountType: 'BUSINESS' });
  await page.goto(`${app.url}/app/accounts`);
  await connectThroughConsentPage(
    page,
    page.getByRole('button', { name: /: Café Aurora$/ }),
    'cafe.aurora',
  );
  const [account] = await api.accounts.list().toArray({ max: 1 });
  // Weekdays at breakfast and at the end of the afternoon, Saturday mid-morning: the
  // calendar's free slots and the composer's queue have something to offer at once.
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
  await api.accounts.replaceSlots(account!.id, {
    timezone: options.timeZone,
    slots: [
      ...weekdays.flatMap((day) => [
        { day, time: '08:00' },
        { day, time: '17:30' },
      ]),
      { day: 'saturday', time: '10:00' },
    ],
  });

  await api.notifications.create({
    webhook: { url: options.webhookUrl },
    eventTypes: ['post.scheduled', 'post.published', 'post.failed'],
    profileId: profile.id,
  });
  await api.apiKeys.create(projectId, { name: 'Loja virtual' });
  await api.apiKeys.create(projectId, { name: 'Planilha de pautas' });

  const post = async (content: string, picture: string, scheduledFor?: Date) => {
    const { media } = await api.media.upload(picture);
    const { post: created } = await api.posts.create({
      content,
      mediaItems: [{ mediaId: media.id }],
      platforms: [{ platform: 'instagram', accountId: account!.id }],
      ...(scheduledFor
        ? { scheduledFor: scheduledFor.toISOString(), timezone: options.timeZone }
        : {}),
    });
    return created.id;
  };
  const [first, second, third, fourth] = options.pictures;
  const published = await post('Café coado na hora, todo dia a partir das 7h. ☕ #cafe', first);
  await settle(app, async () => (await api.posts.get(published)).post.status === 'published');
  // The next publish fails: Instagram cannot fetch the media.
  app.emulator.addFault({ path: '/media_publish', subcode: 2207052 });
  const failed = await post('Bolo de fubá saindo do forno!', second);
  await settle(app, async () => (await api.posts.get(failed)).post.status === 'failed');
  await post(
    'Semana do pão de queijo: 20% de desconto. #promo',
    third,
    new Date(Date.now() + 26 * HOUR),
  );
  await post('Música ao vivo na sexta à noite.', fourth, new Date(Date.now() + 50 * HOUR));
  await app.reelay.tasks.runDueJobs();
  return { publishedPostId: published };
}
