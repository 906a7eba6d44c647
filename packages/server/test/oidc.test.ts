/**
 * Sign-in with an external OpenID Connect issuer: a real issuer over HTTP (discovery
 * document and JWKS), tokens signed with its RSA key, and the server verifying them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

const AUDIENCE = 'painel-reelay';

interface Issuer {
  url: string;
  sign(claims: JWTPayload, options?: { audience?: string; key?: CryptoKey }): Promise<string>;
  close(): Promise<void>;
}

async function startIssuer(now: () => number): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'chave-1', alg: 'RS256', use: 'sig' };
  let url = '';
  const server: Server = createServer((req, res) => {
    const body =
      req.url === '/.well-known/openid-configuration'
        ? { issuer: url, jwks_uri: `${url}/jwks` }
        : req.url === '/jwks'
          ? { keys: [jwk] }
          : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sign: (claims, options = {}) => {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'chave-1' })
        .setIssuer(url)
        .setAudience(options.audience ?? AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 300)
        .sign(options.key ?? privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDialects())('sign-in with an OpenID Connect issuer on $name', (dialect) => {
  let issuer: Issuer;
  let server: TestServer;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (token: string) => call(server.url, 'GET', '/v1/me', undefined, bearer(token));

  beforeAll(async () => {
    let clock = () => Date.now();
    issuer = await startIssuer(() => clock());
    server = await startTestServer(dialect, {
      env: {
        REELAY_ALLOW_SIGNUP: 'true',
        REELAY_OIDC_ISSUER: issuer.url,
        REELAY_OIDC_AUDIENCE: AUDIENCE,
      },
    });
    clock = () => server.clock.now();
  });
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('creates the user at the first request, and knows them at the next', async () => {
    const token = await issuer.sign({ sub: 'u-1', email: 'Carla@Example.com', name: 'Carla' });
    const first = await me(token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'carla@example.com', name: 'Carla' });
    const again = await me(await issuer.sign({ sub: 'u-1', email: 'carla@example.com' }));
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('answers every one of several first requests at once, with one user', async () => {
    // A dashboard's first page load: many calls with one new token, all at once.
    for (const subject of ['u-2a', 'u-2b', 'u-2c']) {
      const token = await issuer.sign({ sub: subject, email: `${subject}@example.com` });
      const answers = await Promise.all(Array.from({ length: 20 }, () => me(token)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((answer) => answer.body.user.id)).size).toBe(1);
    }
  });

  it('refuses tokens for another audience or signed by another key', async () => {
    const otherKey = (await generateKeyPair('RS256')).privateKey;
    const wrongAudience = await issuer.sign({ sub: 'u-3' }, { audience: 'outro-app' });
    const forged = await issuer.sign({ sub: 'u-3' }, { key: otherKey });
    for (const token of [wrongAudience, forged]) {
      expect(await me(token)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    }
  });

  it("links a local user's e-mail only when the issuer verified it", async () => {
    const local = await createAccount(server.url);
    const email = (await call(server.url, 'GET', '/v1/me', undefined, local.bearer)).body.user
      .email as string;
    const unverified = await issuer.sign({ sub: 'u-4', email, email_verified: false });
    expect((await me(unverified)).status).toBe(401);
    const verified = await issuer.sign({ sub: 'u-4', email, email_verified: true });
    const linked = await me(verified);
    expect(linked.status).toBe(200);
    expect(linked.body.user.email).toBe(email);
  });
});
