import { describe, expect, it } from 'vitest';
import { describeSetupCheck, isSetupCheckReason, SETUP_CHECK_REASONS } from './setup-check-texts';

describe('setup check texts', () => {
  it('says every reason in both languages, differently', () => {
    const details = { accounts: [{ id: 'int_1', username: 'u', kind: 'expired' }] };
    for (const reason of SETUP_CHECK_REASONS) {
      const pt = describeSetupCheck(reason, details, 'pt-BR');
      const en = describeSetupCheck(reason, details, 'en');
      expect(pt.message.length, reason).toBeGreaterThan(10);
      expect(en.message, reason).not.toBe(pt.message);
      expect(Boolean(en.fix), reason).toBe(Boolean(pt.fix));
    }
  });

  it('fills the texts from the details', () => {
    const details = {
      publicUrl: 'http://10.0.0.5:8080',
      scheme: 'http',
      host: '10.0.0.5',
      address: '10.0.0.5',
      addressKind: 'endereço privado',
      privateAllowed: false,
    };
    expect(describeSetupCheck('public_url_problem', details, 'en').message).toBe(
      'REELAY_PUBLIC_URL uses http, not https; 10.0.0.5 resolves to 10.0.0.5 (private address).',
    );
    expect(describeSetupCheck('public_url_problem', details, 'pt-BR').message).toBe(
      'REELAY_PUBLIC_URL usa http, não https; 10.0.0.5 resolve para 10.0.0.5 (endereço privado).',
    );
    const accounts = [
      { id: 'int_1', username: 'padaria', kind: 'expiring', days: 2 },
      { id: 'int_2', username: null, kind: 'scopes', missingScopes: ['a', 'b'] },
    ];
    expect(describeSetupCheck('accounts_problems', { accounts }, 'en').message).toBe(
      '@padaria: the token expires in 2 day(s); @int_2: permissions missing: a, b.',
    );
    expect(describeSetupCheck('clock_skew', { skewSeconds: -90 }, 'en').message).toBe(
      "The server's clock is 90 s behind the platform.",
    );
    expect(
      describeSetupCheck('disk_low', { freeBytes: 50 * 2 ** 20, dataDir: '/d' }, 'pt-BR'),
    ).toEqual({
      message: 'Só 50 MiB livres em /d.',
      fix: 'Libere espaço no disco da pasta de dados (REELAY_DATA_DIR) ou aumente o volume.',
    });
  });

  it('knows its own reasons only', () => {
    expect(isSetupCheckReason('disk_ok')).toBe(true);
    expect(isSetupCheckReason('something_newer')).toBe(false);
    expect(isSetupCheckReason(undefined)).toBe(false);
  });
});
