/**
 * A Bearer token on a project route is checked with one database read: the user and the
 * ownership of the project named by `x-project-id` come back together, with the same
 * answers as before (401 for a user that is gone, 403 for another user's project).
 */
import type { IncomingMessage } from 'node:http';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock';
import { createAuthenticator, readCredentials } from '../src/http/authenticate';
import { createAccessTokens } from '../src/security/access-tokens';
import { createCredentials } from '../src/services/credentials';
import { migrateToLatest, openStore, type Store } from '../src/store/database';
import { deleteUser, insertOrganizationWithProject, insertUser } from '../src/store/users';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';

/** Counts the statements run through a Kysely instance. */
function queryCounter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery(args) {
      this.count++;
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
}

function request(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

for (const dialect of testDialects()) {
  describe(`Bearer project routes on ${dialect.name}`, () => {
    let database: TestDatabase;
    let store: Store;
    const tokens = createAccessTokens({
      authSecret: 'a-test-secret-that-is-long-enough-000',
      issuer: 'http://127.0.0.1:1',
      clock: systemClock,
      oidc: null,
    });

    beforeAll(async () => {
      database = await dialect.create();
      store = openStore(
        dialect.name === 'sqlite'
          ? { dialect: 'sqlite', filename: database.url }
          : { dialect: 'postgres', connectionString: database.url },
      );
      await migrateToLatest(store);
    });
    afterAll(async () => {
      await store.close();
      await database.drop();
    });

    async function userWithProject(email: string) {
      const now = Date.now();
      const user = await insertUser(
        store.db,
        { email, name: null, passwordHash: null, oidcSubject: null },
        now,
      );
      const { project } = await insertOrganizationWithProject(
        store.db,
        user.id,
        { organization: email, project: 'default' },
        now,
      );
      return { userId: user.id, projectId: project.id, token: (await tokens.issue(user.id)).token };
    }

    async function authenticate(headers: Record<string, string>) {
      const counter = queryCounter();
      const auth = createAuthenticator({
        credentials: createCredentials({ db: store.db.withPlugin(counter), clock: systemClock }),
        accessTokens: tokens,
        ownOrigins: [],
      });
      const req = request(headers);
      const credentials = readCredentials(req);
      const principal = await auth.verify(credentials);
      const outcome = await auth
        .authorize({ auth: 'key', role: 'editor' }, req, credentials, principal)
        .catch((error: { code: string }) => error.code);
      return { outcome, queries: counter.count };
    }

    it('reads the database once for its own project', async () => {
      const ana = await userWithProject('ana@example.com');
      const { outcome, queries } = await authenticate({
        authorization: `Bearer ${ana.token}`,
        'x-project-id': ana.projectId,
      });
      expect(outcome).toEqual({
        mode: 'project',
        projectId: ana.projectId,
        userId: ana.userId,
        apiKeyId: null,
        role: 'owner',
      });
      expect(queries).toBe(1);
    });

    it("still answers FORBIDDEN for another user's project, with one read", async () => {
      const bia = await userWithProject('bia@example.com');
      const caio = await userWithProject('caio@example.com');
      const { outcome, queries } = await authenticate({
        authorization: `Bearer ${bia.token}`,
        'x-project-id': caio.projectId,
      });
      expect(outcome).toBe('FORBIDDEN');
      expect(queries).toBe(1);
    });

    it('still answers UNAUTHORIZED for a user that no longer exists, and PROJECT_REQUIRED without the header', async () => {
      const gone = await userWithProject('gone@example.com');
      const kept = await userWithProject('kept@example.com');
      await deleteUser(store.db, gone.userId);
      const missing = await authenticate({
        authorization: `Bearer ${gone.token}`,
        'x-project-id': gone.projectId,
      });
      expect(missing.outcome).toBe('UNAUTHORIZED');
      const noHeader = await authenticate({ authorization: `Bearer ${kept.token}` });
      expect(noHeader.outcome).toBe('PROJECT_REQUIRED');
    });
  });
}
