/**
 * Bearer tokens. The built-in login issues short-lived HS256 JWTs signed with a key
 * derived from `REELAY_AUTH_SECRET`; when an OpenID Connect issuer is configured, its
 * tokens are accepted too, verified against the issuer's published JWKS.
 */
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Clock } from '../clock';
import { deriveKey } from './derive-key';

/** Lifetime of a built-in access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'reelay';
/**
 * jose checks `exp` only when a token has one: without this, a token signed with the
 * key but lacking `exp` (a leaked key, a bug in some issuer) would never expire.
 */
const REQUIRED_CLAIMS = ['exp', 'sub'];

/** Who a verified Bearer token names. */
export type BearerIdentity =
  | { kind: 'local'; userId: string }
  | {
      kind: 'oidc';
      subject: string;
      email: string | null;
      emailVerified: boolean;
      name: string | null;
    };

export interface AccessTokens {
  issue(userId: string): Promise<{ token: string; expiresIn: number }>;
  /** The identity of a valid token, or `null` for anything else. */
  verify(token: string): Promise<BearerIdentity | null>;
}

export interface AccessTokenOptions {
  authSecret: string;
  /** This server's public URL; the `iss` of its tokens. */
  issuer: string;
  clock: Clock;
  oidc: { issuer: string; audience: string | null } | null;
}

async function discoverJwks(issuer: string) {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`descoberta OIDC falhou: HTTP ${response.status}`);
  const metadata = (await response.json()) as { jwks_uri?: unknown; issuer?: unknown };
  if (typeof metadata.jwks_uri !== 'string') throw new Error('descoberta OIDC sem jwks_uri');
  return createRemoteJWKSet(new URL(metadata.jwks_uri));
}

/**
 * Creates the token issuer and verifier.
 *
 * @example
 * ```ts
 * const tokens = createAccessTokens({ authSecret, issuer: config.publicUrl, clock, oidc: null });
 * const { token } = await tokens.issue('usr_01jd…');
 * await tokens.verify(token); // { kind: 'local', userId: 'usr_01jd…' }
 * ```
 */
export function createAccessTokens(options: AccessTokenOptions): AccessTokens {
  const key = deriveKey(options.authSecret, 'access-token');
  const currentDate = () => new Date(options.clock.now());
  let jwks:
    ReturnType<typeof createRemoteJWKSet> | Promise<ReturnType<typeof createRemoteJWKSet>> | null =
    null;

  async function verifyOidc(token: string): Promise<BearerIdentity | null> {
    const oidc = options.oidc;
    if (!oidc) return null;
    try {
      jwks ??= discoverJwks(oidc.issuer).catch((error: unknown) => {
        jwks = null; // try discovery again on the next token
        throw error;
      });
      const { payload } = await jwtVerify(token, await jwks, {
        issuer: oidc.issuer,
        ...(oidc.audience ? { audience: oidc.audience } : {}),
        requiredClaims: REQUIRED_CLAIMS,
        currentDate: currentDate(),
      });
      if (!payload.sub) return null;
      return {
        kind: 'oidc',
        subject: `${oidc.issuer}|${payload.sub}`,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        emailVerified: payload.email_verified === true,
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    } catch {
      return null;
    }
  }

  return {
    async issue(userId) {
      const now = Math.floor(options.clock.now() / 1000);
      const token = await new SignJWT({} satisfies JWTPayload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(options.issuer)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(now)
        // Every token is distinct, even two issued to one user in the same second: a
        // refresh always hands back a new token, never the one it replaces.
        .setJti(randomUUID())
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
      return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: options.issuer,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: REQUIRED_CLAIMS,
          currentDate: currentDate(),
        });
        if (payload.sub) return { kind: 'local', userId: payload.sub };
      } catch {
        // not one of ours: maybe the external issuer's
      }
      return verifyOidc(token);
    },
  };
}
