/** Commander's own messages, in the user's language. */
import { t } from './i18n';

/**
 * Commander's English messages, in the user's language like the rest of the CLI.
 *
 * @example
 * ```ts
 * setLanguage('pt-BR');
 * translateCommanderMessage("error: unknown command 'pots'"); // "comando desconhecido: 'pots'"
 * ```
 */
export function translateCommanderMessage(message: string): string {
  const text = message.replace(/^error:\s*/i, '').trim();
  const rules: Array<[RegExp, (...groups: string[]) => string]> = [
    [
      /^unknown command '(.+?)'(.*)$/s,
      (name, rest) => t('commander.unknownCommand', { name, rest }),
    ],
    [/^unknown option '(.+?)'(.*)$/s, (name, rest) => t('commander.unknownOption', { name, rest })],
    [/^missing required argument '(.+?)'$/, (name) => t('commander.missingArgument', { name })],
    [/^option '(.+?)' argument missing$/, (name) => t('commander.missingOptionValue', { name })],
    [
      /^required option '(.+?)' not specified$/,
      (name) => t('commander.missingRequiredOption', { name }),
    ],
    [
      // Commander names the extra words after the count: "… but got 1: extra."
      /^too many arguments(?: for '(.+?)')?\. Expected (\d+) arguments? but got (\d+)(?:: (.+))?\.$/s,
      (name, expected, got, extra) =>
        t('commander.tooManyArguments', {
          where: name ? t('commander.tooManyArgumentsFor', { name }) : '',
          expected: expected!,
          got: got!,
          extra: extra ? ` (${extra})` : '',
        }),
    ],
    [
      /^option '(.+?)' argument '(.+?)' is invalid\. Allowed choices are (.+)\.$/,
      (name, value, choices) => t('commander.invalidChoice', { name, value, choices }),
    ],
  ];
  const didYouMean = (translated: string) =>
    translated.replace(/\(Did you mean (.+?)\?\)/, (_, suggestion: string) =>
      t('commander.didYouMean', { suggestion }),
    );
  for (const [pattern, render] of rules) {
    const match = pattern.exec(text);
    if (match) return didYouMean(render(...match.slice(1).map((group) => group ?? '')));
  }
  return didYouMean(text);
}
