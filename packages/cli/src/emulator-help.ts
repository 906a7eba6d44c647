import type { EmulatorCliFlag } from '@reelay/emulator';
import { t } from './i18n';

/**
 * The help of `reelay emulator`'s options, in the user's language: the flags themselves
 * are those of `reelay-emulator` (typed by them, so a new emulator flag does not compile
 * without its help here), and the emulator's own parser reads their values. A function,
 * so the texts are read after the language is chosen.
 */
export function emulatorOptionHelp(): Record<
  EmulatorCliFlag,
  readonly [value: string | null, help: string]
> {
  return {
    port: ['<n>', t('help.port', { port: 8090 })],
    host: [`<${t('placeholder.address')}>`, t('help.host', { host: '127.0.0.1' })],
    seed: [`<${t('placeholder.text')}>`, t('help.emulatorSeed')],
    'latency-ms': ['<n>', t('help.emulatorLatency')],
    'container-processing-ms': ['<n>', t('help.emulatorContainer')],
    'video-processing-ms': ['<n>', t('help.emulatorVideo')],
    'quota-total': ['<n>', t('help.emulatorQuota')],
    'app-id': ['<id>', t('help.emulatorAppId')],
    'app-secret': [`<${t('placeholder.secret')}>`, t('help.emulatorAppSecret')],
    'facebook-app-id': ['<id>', t('help.emulatorFacebookAppId')],
    'facebook-app-secret': [`<${t('placeholder.secret')}>`, t('help.emulatorFacebookAppSecret')],
    'no-fetch-media': [null, t('help.emulatorNoFetch')],
  };
}
