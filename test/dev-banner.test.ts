/**
 * The `pnpm dev` banner exists in both languages with the same commands, variables and
 * links, and each version is written in its own language (docs/language.md).
 */
import { describe, expect, it } from 'vitest';
import { englishWordsIn, portugueseWordsIn } from '../packages/cli/src/i18n/language-words';
import { buildingWebApp, devBanner, type DevBannerValues } from '../scripts/dev-banner';

const values: DevBannerValues = {
  publicUrl: 'http://localhost:8080',
  emulatorUrl: 'http://127.0.0.1:8090',
  facebookUrl: 'http://127.0.0.1:8090/facebook',
  demoEmail: 'demo@reelay.dev',
  demoPassword: 'reelay-demo-password',
  dataDir: '/repo/data/dev',
  webApp: 'http://localhost:8080/app/#session=rrt_x',
  exports: 'REELAY_SERVER=http://localhost:8080 REELAY_API_KEY=rly_test_x',
  cliAlias: "alias reelay='tsx bin.ts'",
};

/** Lines a person copies: commands, which are the same in both languages. */
const isCommand = (line: string) => /^\s*(export |alias |AT=|curl |-d )/.test(line);

/** The words of the prose, without values, commands and URLs. */
const prose = (text: string) =>
  text
    .split('\n')
    .filter((line) => !isCommand(line))
    .join('\n')
    .replace(/\S*[:/$@=]\S*/g, ' ');

describe('pnpm dev banner', () => {
  const en = devBanner(values, 'en');
  const pt = devBanner(values, 'pt-BR');

  it('gives the same commands and values in both languages', () => {
    expect(en.split('\n').filter(isCommand)).toEqual(pt.split('\n').filter(isCommand));
    for (const value of Object.values(values)) {
      expect(en).toContain(value);
      expect(pt).toContain(value);
    }
  });

  it('writes each language in its own words', () => {
    expect(en).toMatch(/^Reelay is running \(development\)/m);
    expect(pt).toMatch(/^Reelay no ar \(desenvolvimento\)/m);
    expect(portugueseWordsIn(prose(en))).toEqual([]);
    expect(englishWordsIn(prose(pt))).toEqual([]);
    expect(portugueseWordsIn(buildingWebApp('en'))).toEqual([]);
    expect(buildingWebApp('pt-BR')).not.toBe(buildingWebApp('en'));
  });
});
