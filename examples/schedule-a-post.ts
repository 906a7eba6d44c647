/**
 * Schedules an Instagram post with the SDK: uploads the image (or lets Reelay import it
 * from a URL), schedules the post for an hour from now, and lists what is scheduled.
 *
 * Run: REELAY_SERVER=http://localhost:8080 REELAY_API_KEY=rly_live_… \
 *      REELAY_ACCOUNT_ID=int_… REELAY_MEDIA=examples/media/sample.jpg \
 *      pnpm --filter @reelay/examples schedule-a-post
 * Env: REELAY_MEDIA is a file path or an https URL; REELAY_CAPTION is optional.
 */
import { isReelayError, Reelay } from '@reelay/sdk';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name}.`);
    process.exit(1);
  }
  return value;
}

/** REELAY_SERVER, as `pnpm dev` and the CLI name it; the older names still work, with a note. */
function serverAddress(): string {
  for (const old of ['REELAY_URL', 'REELAY_BASE_URL']) {
    if (!process.env.REELAY_SERVER && process.env[old]) {
      console.error(`note: ${old} is deprecated; set REELAY_SERVER instead.`);
      return process.env[old];
    }
  }
  return required('REELAY_SERVER');
}

const reelay = new Reelay({
  baseUrl: serverAddress(),
  apiKey: required('REELAY_API_KEY'),
});
const accountId = required('REELAY_ACCOUNT_ID');
const source = required('REELAY_MEDIA');

try {
  // A path is uploaded; a URL is imported by the server. Either way we get a media id.
  const { media } = await reelay.media.upload(
    /^https?:\/\//.test(source) ? { url: source } : source,
  );
  console.log(`media ${media.id}: ${media.type} ${media.width}×${media.height}`);

  const { post } = await reelay.posts.create({
    content: process.env.REELAY_CAPTION ?? 'Bom dia! #café',
    mediaItems: [{ mediaId: media.id }],
    platforms: [{ platform: 'instagram', accountId }],
    scheduledFor: new Date(Date.now() + 60 * 60_000),
    timezone: 'America/Sao_Paulo',
    // No idempotencyKey: the SDK makes one and reuses it if it has to retry.
  });
  console.log(`scheduled ${post.id} for ${post.scheduledFor} (${post.status})`);

  for await (const scheduled of reelay.posts.list({ status: 'scheduled', sort: 'asc' })) {
    console.log(`- ${scheduled.id} at ${scheduled.scheduledFor}: ${scheduled.content}`);
  }
} catch (error) {
  if (isReelayError(error)) {
    // `code` is what to decide on; `requestId` is what the server's operator needs.
    console.error(
      `${error.code} (${error.statusCode}): ${error.message} [request ${error.requestId}]`,
    );
    if (error.details?.field) console.error(`field: ${error.details.field}`);
    process.exit(2);
  }
  throw error;
}
