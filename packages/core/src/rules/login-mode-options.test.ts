import { describe, expect, it } from 'vitest';
import { ReelayError } from '../errors/reelay-error';
import { assertLoginModeOptions, loginModeIssues } from './login-mode-options';

const tagged = { productTags: [{ productId: '42', x: 0.5, y: 0.5 }] };

describe('options only Facebook Login allows', () => {
  it('refuses product tags on an Instagram-Login account, naming the option and the mode', () => {
    const issues = loginModeIssues([
      { loginMode: 'facebook', options: tagged },
      { loginMode: 'instagram', options: { ...tagged, firstComment: 'oi' } },
    ]);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.field).toBe('platforms[1].options.productTags');
    expect(issues[0]!.message).toMatch(/Login do Instagram/);
    expect(issues[0]!.message).toMatch(/Login do Facebook/);
  });

  it('accepts them on a Facebook-Login account, and everything else on either', () => {
    expect(loginModeIssues([{ loginMode: 'facebook', options: tagged }])).toEqual([]);
    expect(
      loginModeIssues([
        { loginMode: 'instagram', options: { collaborators: ['ana'], aiGenerated: true } },
        { loginMode: 'instagram' },
      ]),
    ).toEqual([]);
  });

  it('throws a 400 VALIDATION_ERROR whose details name the field', () => {
    let error: unknown;
    try {
      assertLoginModeOptions([{ loginMode: 'instagram', options: tagged }]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ReelayError);
    const reelay = error as ReelayError;
    expect(reelay.code).toBe('VALIDATION_ERROR');
    expect(reelay.statusCode).toBe(400);
    expect(reelay.details?.field).toBe('platforms[0].options.productTags');
    expect(reelay.message).toMatch(
      /^Campo 'platforms\[0\]\.options\.productTags': a conta foi conectada com o Login do Instagram/,
    );
  });
});
