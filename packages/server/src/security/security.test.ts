import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ReelayError } from '@reelay/core';
import { createManualClock } from '../clock';
import { generateApiKey, hashSecret, looksLikeApiKey } from './api-keys';
import { createMcpSessionIds } from './mcp-sessions';
import { createOAuthStateSigner, OAUTH_STATE_TTL_MS } from './oauth-state';
import { hashPassword, verifyPassword } from './passwords';
import { createTokenCipher } from './token-cipher';

describe('token cipher', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('round-trips a token and never stores it in clear', () => {
    const stored = cipher.encrypt('IGAAsecret-token');
    expect(stored).not.toContain('IGAAsecret');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(stored)).toBe('IGAAsecret-token');
    expect(cipher.encrypt('IGAAsecret-token')).not.toBe(stored);
  });

  it('refuses a tampered value and another key', () => {
    const stored = cipher.encrypt('IGAAsecret-token');
    const parts = stored.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      cipher.decrypt([...parts.slice(0, 3), flipped.toString('base64url')].join('.')),
    ).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(stored)).toThrow();
    expect(() => cipher.decrypt('plain-text')).toThrow(/formato/);
  });
});

describe('passwords', () => {
  it('verifies the right password and no other', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'bcrypt$whatever')).toBe(false);
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});

describe('API keys', () => {
  it('makes rly_live_ keys with a visible prefix and a stored hash', () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(/^rly_live_[0-9A-Za-z]{32}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(key.length - 20);
    expect(hash).toBe(hashSecret(key));
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey('rly_live_short')).toBe(false);
  });
});

describe('OAuth state', () => {
  const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
  const states = createOAuthStateSigner('s'.repeat(48), clock);
  const codeOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as ReelayError).code;
    }
    return null;
  };

  it('carries project, profile and redirect, signed', () => {
    const { state, expiresAt } = states.sign({
      projectId: 'proj_1',
      profileId: 'prf_1',
      redirectUrl: 'https://app.test/done',
    });
    expect(expiresAt).toBe(clock.now() + OAUTH_STATE_TTL_MS);
    expect(states.verify(state)).toEqual({
      projectId: 'proj_1',
      profileId: 'prf_1',
      redirectUrl: 'https://app.test/done',
      loginMode: 'instagram',
      expiresAt,
      nonce: expect.stringMatching(/^[\w-]{8,}$/),
    });
    const other = states.sign({ projectId: 'proj_1', profileId: null, redirectUrl: null });
    expect(states.verify(other.state).nonce).not.toBe(states.verify(state).nonce);
  });

  it('carries the login mode, so the shared callback ends the flow that started', () => {
    const facebook = states.sign({
      projectId: 'proj_1',
      profileId: null,
      redirectUrl: null,
      loginMode: 'facebook',
    });
    expect(states.verify(facebook.state).loginMode).toBe('facebook');
    // The mode is signed with the rest: switching it breaks the signature.
    const [payload, signature] = facebook.state.split('.');
    const wire = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const switched = Buffer.from(JSON.stringify({ ...wire, m: 'instagram' })).toString('base64url');
    expect(codeOf(() => states.verify(`${switched}.${signature}`))).toBe('STATE_INVALID');
  });

  it('refuses missing, tampered, foreign and expired states with STATE_INVALID', () => {
    const { state } = states.sign({ projectId: 'proj_1', profileId: null, redirectUrl: null });
    expect(codeOf(() => states.verify(undefined))).toBe('STATE_INVALID');
    const [payload, signature] = state.split('.');
    const forged = Buffer.from(
      JSON.stringify({ p: 'proj_evil', f: null, r: null, e: clock.now() + 1e6, n: 'x' }),
    ).toString('base64url');
    expect(codeOf(() => states.verify(`${forged}.${signature}`))).toBe('STATE_INVALID');
    expect(codeOf(() => states.verify(`${payload}.`))).toBe('STATE_INVALID');
    const other = createOAuthStateSigner('t'.repeat(48), clock);
    expect(codeOf(() => other.verify(state))).toBe('STATE_INVALID');
    clock.advance(OAUTH_STATE_TTL_MS);
    expect(states.verify(state).projectId).toBe('proj_1');
    clock.advance(1);
    expect(codeOf(() => states.verify(state))).toBe('STATE_INVALID');
  });

  it('reveals a redirect only from a state it signed', () => {
    const { state } = states.sign({
      projectId: 'proj_1',
      profileId: null,
      redirectUrl: 'https://app.test/back',
    });
    clock.advance(OAUTH_STATE_TTL_MS * 2);
    expect(states.peekRedirect(state)).toBe('https://app.test/back');
    const forged = Buffer.from(
      JSON.stringify({ p: 'p', f: null, r: 'https://evil.test', e: 0, n: 'x' }),
    ).toString('base64url');
    expect(states.peekRedirect(`${forged}.${state.split('.')[1]}`)).toBeNull();
  });
});

describe('MCP session ids', () => {
  const secret = randomBytes(32).toString('hex');
  const sessions = createMcpSessionIds(secret);

  it('binds a session to its project, and knows only the ids it issued', () => {
    const id = sessions.issue('proj_a');
    expect(id).toMatch(/^[\x21-\x7e]+$/);
    expect(sessions.issue('proj_a')).not.toBe(id);
    expect(sessions.check(id, 'proj_a')).toBe('same-project');
    expect(sessions.check(id, 'proj_b')).toBe('other-project');
    const [nonce, issued, project] = id.split('.') as [string, string, string];
    // The first character: the last of a 16-byte tag also holds bits decoding drops.
    const flip = (text: string) => `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;
    expect(sessions.check(`${nonce}.${issued}.${flip(project)}`, 'proj_a')).toBe('other-project');
    expect(sessions.check(`${flip(nonce)}.${issued}.${project}`, 'proj_a')).toBe('unknown');
    expect(sessions.check(`${nonce}.${flip(issued)}.${project}`, 'proj_a')).toBe('unknown');
    expect(createMcpSessionIds(randomBytes(32).toString('hex')).check(id, 'proj_a')).toBe(
      'unknown',
    );
    for (const bad of ['', 'abc', `${id}.x`, id.replace(/\./g, '')]) {
      expect(sessions.check(bad, 'proj_a')).toBe('unknown');
    }
  });
});

describe('client address', () => {
  it('believes only the entry the trusted proxy added, the last one', async () => {
    const { clientAddress } = await import('../http/client-address');
    const request = (forwarded?: string) =>
      ({
        headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
        socket: { remoteAddress: '10.0.0.2' },
      }) as never;
    expect(clientAddress(request('6.6.6.6, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddress(request('203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddress(request('6.6.6.6, 203.0.113.9'), false)).toBe('10.0.0.2');
    expect(clientAddress(request(), true)).toBe('10.0.0.2');
  });
});
