import type { ConnectedAccount } from '@reelay/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { pickAccount } from './account-resolver';
import { approvalSetting } from './approval-setting';
import { buildProgram, translateCommanderMessage } from './cli';
import { CliError } from './cli-error';
import { findUnknownCommand } from './command-suggestion';
import { EXIT_CODES, exitCodeFor } from './exit-codes';
import { progressMode, terminalWidth } from './feedback';
import { interruptedBy } from './interrupt';
import { setLanguage } from './i18n';
import { forbiddenHint, messageForCode } from './report-error';
import { redactText } from '../../sdk/src/client/redact';
import { maskSecret, redact } from './secrets';
import { problemLines } from './post-display';
import { renderFields, renderTable } from './table';
import { serverEnvironment } from './commands/serve';
import { parseHeaders } from './commands/webhooks-verify';
import { invitationToken } from './commands/team';

const account = (id: string, displayName: string | null): ConnectedAccount => ({
  id,
  platform: 'instagram',
  platformUserId: '17841400000000000',
  displayName,
  imageUrl: null,
  profileId: null,
  createdAt: '2026-11-21T12:00:00.000Z',
  authStatus: 'active',
  status: 'connected',
  tokenExpiresAt: null,
  lastHealthCheckAt: null,
  healthError: null,
  scopes: [],
  loginMode: 'instagram',
});

describe('pickAccount', () => {
  const accounts = [
    account('int_1', 'cafe.aurora'),
    account('int_2', 'cafe.aurora.sp'),
    account('int_3', null),
  ];

  it('matches the whole username, ignoring case and a leading @', () => {
    expect(pickAccount('@Cafe.Aurora', accounts).id).toBe('int_1');
  });

  it('refuses a partial match: a search hit is not the account the person named', () => {
    expect(() => pickAccount('cafe', accounts)).toThrow(CliError);
  });

  it('refuses a username two accounts share, listing their ids', () => {
    const twins = [account('int_1', 'cafe.aurora'), account('int_9', 'Cafe.Aurora')];
    const error = (() => {
      try {
        pickAccount('cafe.aurora', twins);
      } catch (caught) {
        return caught as CliError;
      }
    })()!;
    expect(error.kind).toBe('usage');
    expect(error.message).toContain('int_1, int_9');
    expect(exitCodeFor(error)).toBe(EXIT_CODES.usage);
  });
});

describe('exit codes', () => {
  it('maps credential codes to 3, connection codes to 6, other API codes to 1', () => {
    const sdkError = (code: string) => Object.assign(new Error('x'), { code });
    expect(exitCodeFor(sdkError('UNAUTHORIZED'))).toBe(3);
    expect(exitCodeFor(sdkError('PROJECT_REQUIRED'))).toBe(3);
    expect(exitCodeFor(sdkError('CONNECTION_ERROR'))).toBe(6);
    expect(exitCodeFor(sdkError('VALIDATION_ERROR'))).toBe(1);
    expect(exitCodeFor(new CliError('timeout', 'x'))).toBe(5);
    expect(exitCodeFor(new CliError('verification', 'x'))).toBe(4);
    expect(exitCodeFor(interruptedBy('SIGTERM'))).toBe(143);
    expect(exitCodeFor(interruptedBy('SIGINT'))).toBe(130);
    expect(exitCodeFor('a string')).toBe(1);
  });
});

describe('secrets', () => {
  it('scrubs registered secrets and anything shaped like a key, a webhook secret or a bearer token', () => {
    const text = redact(
      'k=rly_live_abcdefgh1234 s=whsec_abcdefgh1234 Bearer abc.def xyz-opaque-token',
      ['xyz-opaque-token'],
    );
    expect(text).toBe('k=[redacted] s=[redacted] Bearer [redacted] [redacted]');
  });

  it('scrubs exactly what the SDK scrubs, so an error reads the same from either', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJl';
    const samples = [
      'k=rly_live_abcdefgh1234 s=whsec_abcdefgh1234',
      'Authorization: Bearer abc.def',
      `refresh "${jwt}" and short whsec_ab12 key rly_live_x9`,
      'literal opaque-7 in text',
    ];
    for (const sample of samples) {
      expect(redact(sample, ['opaque-7']), sample).toBe(redactText(sample, ['opaque-7']));
    }
  });

  it('masks a key to its visible prefix and last four characters', () => {
    expect(maskSecret('rly_live_8f2k3j4h5g6f7d8s9a0q')).toBe('rly_live_…9a0q');
    expect(maskSecret('short')).toBe('…');
    expect(maskSecret(undefined)).toBeNull();
  });
});

describe('tables', () => {
  it('aligns columns, cuts long cells and shows absent values as -', () => {
    const text = renderTable(
      [
        { id: 'post_1', caption: 'x'.repeat(50) },
        { id: 'post_22', caption: null },
      ],
      [
        { header: 'id', value: (row) => row.id },
        { header: 'legenda', value: (row) => row.caption, max: 10 },
      ],
    );
    expect(text).toBe('ID       LEGENDA\npost_1   xxxxxxxxx…\npost_22  -\n');
    expect(renderTable([], [])).toBe('(nenhum item)\n');
    expect(
      renderFields([
        ['Id', 'a'],
        ['Status', true],
      ]),
    ).toBe('Id:     a\nStatus: sim\n');
  });
});

// These expectations are Portuguese whatever the machine's locale.
beforeEach(() => setLanguage('pt-BR'));

describe('commander messages', () => {
  it('translate the extra arguments commander names after the count', () => {
    expect(
      translateCommanderMessage(
        "error: too many arguments for 'list'. Expected 0 arguments but got 1: extra.",
      ),
    ).toBe("argumentos demais para 'list': esperava 0, recebeu 1 (extra)");
  });

  it('are translated to Portuguese, suggestion included', () => {
    expect(translateCommanderMessage("error: unknown command 'pots'\n(Did you mean posts?)")).toBe(
      "comando desconhecido: 'pots'\n(quis dizer posts?)",
    );
    expect(translateCommanderMessage("error: required option '--at <quando>' not specified")).toBe(
      "a opção obrigatória '--at <quando>' não foi informada",
    );
    expect(
      translateCommanderMessage(
        "error: too many arguments for 'list'. Expected 0 arguments but got 1.",
      ),
    ).toBe("argumentos demais para 'list': esperava 0, recebeu 1");
  });

  it('are in English for an English user', () => {
    setLanguage('en');
    expect(translateCommanderMessage("error: unknown command 'pots'\n(Did you mean posts?)")).toBe(
      "unknown command: 'pots'\n(did you mean posts?)",
    );
    expect(
      translateCommanderMessage(
        "error: too many arguments for 'list'. Expected 0 arguments but got 1: extra.",
      ),
    ).toBe("too many arguments for 'list': expected 0, got 1 (extra)");
  });
});

describe('messageForCode', () => {
  it("keeps the server's message in Portuguese, whatever the code", () => {
    expect(messageForCode('NOT_FOUND', 'Post não encontrado.')).toBe('Post não encontrado.');
  });

  it("gives a known code's English text, and the server's message for a code it does not know", () => {
    setLanguage('en');
    expect(messageForCode('NOT_FOUND', 'Post não encontrado.')).toBe('Resource not found.');
    expect(messageForCode('TOKEN_INVALID', 'x')).toBe(
      "The account's token expired or was revoked; reconnect the account.",
    );
    expect(messageForCode('SOMETHING_NEW', 'Algo novo aconteceu.')).toBe('Algo novo aconteceu.');
  });
});

describe('serverEnvironment', () => {
  it("hides the CLI's own variables from the server, which refuses unknown REELAY_ names", () => {
    const env = serverEnvironment(
      {
        REELAY_API_KEY: 'rly_live_x',
        REELAY_CONFIG_DIR: '/tmp',
        REELAY_LOG_LEVEL: 'info',
        PORT: '80',
      },
      { port: 8081, host: '127.0.0.1' },
    );
    expect(env).toEqual({ REELAY_LOG_LEVEL: 'info', PORT: '8081', HOST: '127.0.0.1' });
  });
});

describe('parseHeaders', () => {
  it('reads curl -D output and JSON objects, lower-casing names', () => {
    expect(
      parseHeaders('HTTP/1.1 200 OK\r\nX-Service-Timestamp: 17\r\nContent-Type: a: b\r\n'),
    ).toEqual({
      'x-service-timestamp': '17',
      'content-type': 'a: b',
    });
    expect(parseHeaders('{"X-Service-Signature": ["sha256=ab"]}')).toEqual({
      'x-service-signature': 'sha256=ab',
    });
  });

  it('refuses a line without a name', () => {
    expect(() => parseHeaders('sem dois pontos')).toThrow(CliError);
  });
});

describe('progress on terminals without a width', () => {
  const terminal = (columns: number | undefined) =>
    ({ isTTY: true, columns }) as unknown as NodeJS.WriteStream;

  it('redraws only on a terminal that reports a width', () => {
    const ci = process.env.CI;
    delete process.env.CI;
    try {
      expect(progressMode(terminal(80))).toBe('live');
      expect(progressMode(terminal(0))).toBe('lines');
      expect(progressMode(terminal(undefined))).toBe('lines');
      expect(terminalWidth(terminal(Number.NaN))).toBeUndefined();
    } finally {
      if (ci !== undefined) process.env.CI = ci;
    }
  });
});

describe('forbiddenHint', () => {
  it('tells a closed sign-up from a project or an organization that is not yours', () => {
    expect(forbiddenHint('/v1/auth/signup')).toContain('o cadastro está fechado');
    expect(forbiddenHint('/v1/organizations/org_1')).toContain('a organização não é sua');
    expect(forbiddenHint('/v1/posts')).toContain('o projeto do contexto não é seu');
    expect(forbiddenHint('/v1/projects/proj_1/api-keys')).toContain('projeto');
    expect(forbiddenHint('/v1/me')).toBeUndefined();
  });
});

describe('findUnknownCommand', () => {
  it('skips options and their values on the way to the unknown word', () => {
    expect(
      findUnknownCommand(buildProgram(), ['--server', 'posts', 'posts', 'get', 'post_1']),
    ).toEqual({ word: 'get', group: 'reelay posts', suggestion: 'reelay posts show' });
    expect(findUnknownCommand(buildProgram(), ['posts', 'list'])).toBeUndefined();
  });
});

describe('invitationToken', () => {
  it('takes the token from a whole link, a path, or the token alone', () => {
    const token = 'rly_inv_4f9aB-c_d0123456789';
    expect(invitationToken(`https://reelay.example.com/app/invite/${token}`)).toBe(token);
    expect(invitationToken(`https://reelay.example.com/app/invite/${token}?from=mail#top`)).toBe(
      token,
    );
    expect(invitationToken(`/app/invite/${token}/`)).toBe(token);
    expect(invitationToken(`  ${token}\n`)).toBe(token);
  });
});

describe('approvalSetting', () => {
  it('reads on and off, and project only where the project may be followed', () => {
    expect(approvalSetting('on', false)).toBe(true);
    expect(approvalSetting(' OFF ', false)).toBe(false);
    expect(approvalSetting('project', true)).toBeNull();
    expect(() => approvalSetting('project', false)).toThrow(CliError);
    expect(() => approvalSetting('sim', true)).toThrow(/"sim"/);
  });
});

describe('problemLines', () => {
  beforeEach(() => setLanguage('en'));

  it("lists a draft's problems under a heading, with the flag that fills each field", () => {
    expect(
      problemLines([
        { field: 'platforms', message: 'informe ao menos uma conta' },
        { field: 'mediaItems[0].mediaId', message: 'mídia não encontrada neste projeto' },
        { field: 'content', message: 'longa demais' },
      ]),
    ).toBe(
      [
        'Missing before submitting:',
        '  platforms (--account): informe ao menos uma conta',
        '  mediaItems[0].mediaId (--media): mídia não encontrada neste projeto',
        '  content: longa demais',
        '',
      ].join('\n'),
    );
    expect(problemLines([])).toBe('');
  });
});
