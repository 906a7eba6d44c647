import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { call, type Answer } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

const ATTEMPTS = 12;
const CLOSED_MESSAGE =
  'O cadastro está fechado neste servidor (REELAY_ALLOW_SIGNUP não está ativo).';

/** Sends every sign-up at once, each to the next server in turn. */
function signUpAtOnce(urls: string[], emailOf: (i: number) => string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: ATTEMPTS }, (_, i) =>
      call(urls[i % urls.length]!, 'POST', '/v1/auth/signup', {
        email: emailOf(i),
        password: 'correct horse battery',
      }),
    ),
  );
}

async function countUsers(server: TestServer): Promise<number> {
  const rows = await server.reelay.context.db.selectFrom('users').select('id').execute();
  return rows.length;
}

/** One 201; every other answer is the given refusal, in the envelope. */
function expectOneWinner(answers: Answer[], refusal: { status: number; code: string }) {
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  for (const answer of answers.filter((answer) => answer.status !== 201)) {
    expect(answer).toMatchObject({
      status: refusal.status,
      body: { statusCode: refusal.status, code: refusal.code, message: expect.any(String) },
    });
  }
}

// The first user of a closed server bootstraps it; sign-ups racing for that place must not
// all see "no user yet" and all get in.
describe.each(testDialects())('simultaneous sign-ups on $name', (dialect) => {
  describe('on a server closed to sign-up', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.close());

    it('lets exactly one in and refuses the others as a closed server does', async () => {
      const answers = await signUpAtOnce([server.url], (i) => `first${i}@example.com`);
      expectOneWinner(answers, { status: 403, code: 'FORBIDDEN' });
      for (const refused of answers.filter((answer) => answer.status === 403)) {
        expect(refused.body.message).toBe(CLOSED_MESSAGE);
      }
      expect(await countUsers(server)).toBe(1);
      const later = await call(server.url, 'POST', '/v1/auth/signup', {
        email: 'later@example.com',
        password: 'correct horse battery',
      });
      expect(later).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: CLOSED_MESSAGE },
      });
    });
  });

  describe('on an open server, with one e-mail', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
    });
    afterAll(() => server.close());

    it('creates the user once and answers EMAIL_IN_USE to the rest', async () => {
      const answers = await signUpAtOnce([server.url], () => 'same@example.com');
      expectOneWinner(answers, { status: 409, code: 'EMAIL_IN_USE' });
      expect(await countUsers(server)).toBe(1);
    });
  });
});

const postgres = testDialects().find((dialect) => dialect.name === 'postgres');

// Instances sharing one database decide together: a lock in one process would not do.
describe.runIf(postgres)('simultaneous first sign-ups across instances', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await postgres!.create();
    first = await startTestServer(postgres!, { database });
    second = await startTestServer(postgres!, { database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('lets exactly one in, whichever instance it reached', async () => {
    const answers = await signUpAtOnce([first.url, second.url], (i) => `first${i}@example.com`);
    expectOneWinner(answers, { status: 403, code: 'FORBIDDEN' });
    expect(await countUsers(first)).toBe(1);
  });
});
