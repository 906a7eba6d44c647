import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ReelayError } from '../errors/reelay-error';
import { parseSignedRequest } from './signed-request';

const SECRET = 'instagram-app-secret-7f3a';

/** An independent signer following reference §5, with Node's own HMAC. */
function sign(payloadSegment: string, secret = SECRET): string {
  const signature = createHmac('sha256', secret).update(payloadSegment).digest('base64url');
  return `${signature}.${payloadSegment}`;
}
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
const encodeRaw = (json: string) => Buffer.from(json).toString('base64url');

const deletion = {
  algorithm: 'HMAC-SHA256',
  expires: 1291840400,
  issued_at: 1291836800,
  user_id: '218471',
};

function refusal(run: () => unknown): ReelayError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ReelayError);
    expect((error as ReelayError).code).toBe('SIGNED_REQUEST_INVALID');
    return error as ReelayError;
  }
  throw new Error('expected SIGNED_REQUEST_INVALID');
}

describe('parseSignedRequest', () => {
  it('verifies and decodes the data-deletion sample of the documentation', () => {
    expect(parseSignedRequest(sign(encode(deletion)), SECRET)).toEqual({
      algorithm: 'HMAC-SHA256',
      userId: '218471',
      issuedAt: 1291836800,
      expires: 1291840400,
      raw: deletion,
    });
  });

  it('accepts the algorithm in any case and a deauthorize payload without expires', () => {
    const payload = { user_id: '0', algorithm: 'hmac-sha256', issued_at: 1634206592 };
    const parsed = parseSignedRequest(sign(encode(payload)), SECRET);
    expect(parsed).toMatchObject({ userId: '0', issuedAt: 1634206592, expires: null });
  });

  it('returns a raw big-number user_id as a string with every digit', () => {
    const segment = encodeRaw(
      '{"algorithm":"HMAC-SHA256","issued_at":1,"user_id":17841400123456789012}',
    );
    expect(parseSignedRequest(sign(segment), SECRET).userId).toBe('17841400123456789012');
  });

  it('refuses a tampered payload', () => {
    const signed = sign(encode(deletion));
    const [signature] = signed.split('.');
    const tampered = `${signature}.${encode({ ...deletion, user_id: '999' })}`;
    refusal(() => parseSignedRequest(tampered, SECRET));
  });

  it('refuses a request signed with another secret', () => {
    refusal(() => parseSignedRequest(sign(encode(deletion), 'other-secret'), SECRET));
  });

  it('refuses an algorithm other than HMAC-SHA256, even correctly signed', () => {
    refusal(() =>
      parseSignedRequest(sign(encode({ ...deletion, algorithm: 'HMAC-SHA1' })), SECRET),
    );
    refusal(() => parseSignedRequest(sign(encode({ ...deletion, algorithm: undefined })), SECRET));
  });

  it('refuses a payload without user_id, or that is not a JSON object', () => {
    refusal(() => parseSignedRequest(sign(encode({ algorithm: 'HMAC-SHA256' })), SECRET));
    refusal(() => parseSignedRequest(sign(encodeRaw('not json')), SECRET));
    refusal(() => parseSignedRequest(sign(encode(['HMAC-SHA256'])), SECRET));
  });

  it.each([
    ['an empty string', ''],
    ['one segment', 'abc'],
    ['three segments', 'a.b.c'],
    ['an empty signature', `.${encode(deletion)}`],
    ['characters outside base64url', `ab+/.${encode(deletion)}`],
    ['a truncated signature', sign(encode(deletion)).slice(10)],
    ['a base64 length that cannot exist', `abcde.${encode(deletion)}`],
  ])('refuses malformed segments: %s', (_name, value) => {
    refusal(() => parseSignedRequest(value, SECRET));
  });

  it('refuses values that are not strings and an empty secret', () => {
    refusal(() => parseSignedRequest(undefined, SECRET));
    refusal(() => parseSignedRequest({ signed_request: 'x' }, SECRET));
    refusal(() => parseSignedRequest(sign(encode(deletion)), ''));
  });

  it('refuses padding added after signing, because the HMAC covers the segment as sent', () => {
    const segment = encode({ algorithm: 'HMAC-SHA256', issued_at: 1, user_id: '42' });
    const padded = segment.padEnd(Math.ceil(segment.length / 4) * 4, '=');
    expect(padded).not.toBe(segment);
    const [signature] = sign(segment).split('.');
    refusal(() => parseSignedRequest(`${signature}.${padded}`, SECRET));
  });

  it('accepts correctly padded segments signed as sent, as decoders that re-add padding do', () => {
    const json = '{"algorithm":"HMAC-SHA256","issued_at":1,"user_id":"42"}';
    const padded = Buffer.from(json).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    expect(padded.endsWith('=')).toBe(true);
    const signature = createHmac('sha256', SECRET).update(padded).digest('base64');
    const urlSignature = signature.replace(/\+/g, '-').replace(/\//g, '_');
    expect(parseSignedRequest(`${urlSignature}.${padded}`, SECRET).userId).toBe('42');
  });

  it('says nothing in its message about which check failed', () => {
    const error = refusal(() => parseSignedRequest(sign(encode(deletion), 'wrong'), SECRET));
    expect(error.message).toBe('A assinatura do signed_request não confere.');
  });
});
