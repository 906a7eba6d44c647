import type { Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './cli';
import { CliError } from './cli-error';
import { instagramOptions, parseProductTag } from './commands/posts';

function subcommand(path: string[]): Command {
  let command = buildProgram() as unknown as Command;
  for (const name of path) command = command.commands.find((c) => c.name() === name)! as Command;
  return command;
}

describe('the option flags of posts create and schedule', () => {
  it.each([['create'], ['schedule']])(
    'posts %s declares them, --trial with its choices',
    (name) => {
      const command = subcommand(['posts', name]);
      const flags = command.options.map((option) => option.long);
      expect(flags).toEqual(
        expect.arrayContaining(['--ai-generated', '--trial', '--audio-name', '--product']),
      );
      const trial = command.options.find((option) => option.long === '--trial');
      expect(trial?.argChoices).toEqual(['MANUAL', 'SS_PERFORMANCE']);
    },
  );

  it('turns the flags into the post options', () => {
    expect(
      instagramOptions({
        aiGenerated: true,
        trial: 'SS_PERFORMANCE',
        audioName: 'Som original',
        product: ['42', '3231775643511089:0.5,0.25'],
      }),
    ).toEqual({
      aiGenerated: true,
      trialParams: { graduationStrategy: 'SS_PERFORMANCE' },
      audioName: 'Som original',
      productTags: [{ productId: '42' }, { productId: '3231775643511089', x: 0.5, y: 0.25 }],
    });
    expect(instagramOptions({})).toBeUndefined();
  });

  it('refuses a --product that is not an id with an optional position from 0 to 1', () => {
    for (const bad of ['abc', '42:0.5', '42:1.5,0', '42:0.5,0.5,1', '']) {
      expect(() => parseProductTag(bad)).toThrow(CliError);
    }
    expect(parseProductTag(' 7:1,0 ')).toEqual({ productId: '7', x: 1, y: 0 });
  });
});
