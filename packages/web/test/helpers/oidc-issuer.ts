/**
 * A small OpenID Connect issuer over real HTTP, for the company-login tests: discovery,
 * JWKS, an authorization endpoint that signs in one person at once, and a token endpoint
 * (authorization code with PKCE, and refresh) answering browsers from any origin. Tokens
 * are RS256 JWTs signed with a key made at start.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OidcIssuer {
  url: string;
  clientId: string;
  /** The person the issuer signs in. */
  person: { sub: string; email: string; name: string };
  close(): Promise<void>;
}

const base64Url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * @example
 * ```ts
 * const issuer = await startOidcIssuer('painel-reelay');
 * ```
 */
export async function startOidcIssuer(clientId: string): Promise<OidcIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'chave-1', alg: 'RS256', use: 'sig' };
  const person = { sub: 'pessoa-1', email: 'carla@example.com', name: 'Carla' };
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string }>();
  const refreshTokens = new Set<string>();
  let url = '';

  function idToken(nonce?: string): string {
    const now = Math.floor(Date.now() / 1000);
    const header = base64Url(JSON.stringify({ alg: 'RS256', kid: 'chave-1', typ: 'JWT' }));
    const payload = base64Url(
      JSON.stringify({
        iss: url,
        aud: clientId,
        ...person,
        email_verified: true,
        iat: now,
        exp: now + 300,
        ...(nonce ? { nonce } : {}),
      }),
    );
    const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey);
    return `${header}.${payload}.${base64Url(signature)}`;
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    res.end(JSON.stringify(body));
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return new URLSearchParams(text);
  }

  function tokens(res: ServerResponse, nonce?: string) {
    const refreshToken = base64Url(randomBytes(24));
    refreshTokens.add(refreshToken);
    json(res, 200, {
      token_type: 'Bearer',
      access_token: base64Url(randomBytes(24)),
      id_token: idToken(nonce),
      refresh_token: refreshToken,
      expires_in: 300,
    });
  }

  const server = createServer(async (req, res) => {
    const request = new URL(req.url ?? '/', url);
    if (request.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
      });
    }
    if (request.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (request.pathname === '/authorize') {
      const query = request.searchParams;
      if (query.get('client_id') !== clientId || query.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = base64Url(randomBytes(16));
      codes.set(code, {
        challenge: query.get('code_challenge')!,
        redirectUri: query.get('redirect_uri')!,
        nonce: query.get('nonce')!,
      });
      const back = new URL(query.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state')!);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (request.pathname === '/token' && req.method === 'POST') {
      const form = await readForm(req);
      if (form.get('client_id') !== clientId) return json(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !pending ||
          pending.challenge !== challenge ||
          pending.redirectUri !== form.get('redirect_uri')
        ) {
          return json(res, 400, { error: 'invalid_grant' });
        }
        return tokens(res, pending.nonce);
      }
      if (
        form.get('grant_type') === 'refresh_token' &&
        refreshTokens.delete(form.get('refresh_token') ?? '')
      ) {
        return tokens(res);
      }
      return json(res, 400, { error: 'invalid_grant' });
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    person,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
