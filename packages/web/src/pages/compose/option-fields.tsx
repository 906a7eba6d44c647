/**
 * The controls of one account's options: a text option with its hint and error, the trial
 * choices of a Reel, the alt texts of a carousel's images and the AI label.
 */
import {
  TRIAL_GRADUATION_STRATEGIES,
  type PostKind,
  type TrialGraduationStrategy,
} from '@reelay/sdk';
import type { ComponentChildren } from 'preact';
import { useT } from '../../i18n';
import {
  ALT_TEXT_MAX_LENGTH,
  AUDIO_NAME_MAX_LENGTH,
  COLLABORATORS_MAX,
  type OptionsDraft,
} from './compose-rules';
import { describedBy, FieldNote, noteId, type ErrorOf } from './field-note';
import type { MediaItem } from './use-media-items';

/** The trial choices: a regular Reel first, then each graduation strategy. */
const TRIAL_CHOICES: ReadonlyArray<'' | TrialGraduationStrategy> = [
  '',
  ...TRIAL_GRADUATION_STRATEGIES,
];

/** What every option control gets from the account's options. */
export interface OptionFieldProps {
  /** The control's id. */
  id: string;
  /** `platforms.<index>.options`: the start of the errors' keys. */
  prefix: string;
  draft: OptionsDraft;
  errorOf: ErrorOf;
  set(change: Partial<OptionsDraft>): void;
}

/** The options typed as text. */
export type TextOptionName =
  | 'collaborators'
  | 'locationId'
  | 'altText'
  | 'firstComment'
  | 'coverUrl'
  | 'thumbOffset'
  | 'audioName';

/** A labelled text control with its hint and its error. */
export function TextOption({
  option,
  input,
  children,
  id: controlId,
  prefix,
  draft,
  errorOf,
  set,
}: OptionFieldProps & {
  option: TextOptionName;
  input: { type?: 'text' | 'url' | 'number'; inputMode?: 'numeric' | 'url'; multiline?: boolean };
  children?: ComponentChildren;
}) {
  const t = useT();
  const field = `${prefix}.${option}`;
  const error = errorOf(field);
  const hintId = `${controlId}-hint`;
  const common = {
    id: controlId,
    value: draft[option] as string,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy(hintId, error && noteId(field)),
  };
  return (
    <div class="option">
      <label for={controlId}>{t(`compose.options.${option}`)}</label>
      {input.multiline ? (
        <textarea
          {...common}
          rows={2}
          onInput={(event) => set({ [option]: event.currentTarget.value })}
        />
      ) : (
        <input
          {...common}
          // Preact types each input `type` apart; these three take the same attributes.
          type={(input.type ?? 'text') as 'text'}
          inputMode={input.inputMode}
          min={input.type === 'number' ? 0 : undefined}
          step={input.type === 'number' ? 1 : undefined}
          onInput={(event) => set({ [option]: event.currentTarget.value })}
        />
      )}
      <small id={hintId}>
        {t(`compose.options.${option}Hint`, {
          max:
            option === 'collaborators'
              ? COLLABORATORS_MAX
              : option === 'audioName'
                ? AUDIO_NAME_MAX_LENGTH
                : ALT_TEXT_MAX_LENGTH,
        })}
      </small>
      <FieldNote field={field} text={error} />
      {children}
    </div>
  );
}

/** A Reel's trial: a regular Reel, or how the trial graduates. */
export function TrialChoices({ id, prefix, draft, errorOf, set }: OptionFieldProps) {
  const t = useT();
  const trialName = `${id.replace(/-trialParams$/, '')}-trial`;
  return (
    <fieldset
      class="option trial-choices"
      id={id}
      tabIndex={-1}
      data-invalid={errorOf(`${prefix}.trialParams`) ? 'true' : undefined}
      aria-describedby={describedBy(
        `${id}-hint`,
        errorOf(`${prefix}.trialParams`) && noteId(`${prefix}.trialParams`),
      )}
    >
      <legend>{t('compose.options.trial')}</legend>
      {TRIAL_CHOICES.map((choice) => (
        <label key={choice || 'none'}>
          <input
            type="radio"
            name={trialName}
            value={choice}
            checked={draft.trial === choice}
            onChange={() => set({ trial: choice })}
          />
          {t(`compose.options.trialChoice.${choice || 'none'}`)}
        </label>
      ))}
      <small id={`${id}-hint`}>{t('compose.options.trialHint')}</small>
      <FieldNote field={`${prefix}.trialParams`} text={errorOf(`${prefix}.trialParams`)} />
    </fieldset>
  );
}

/** A carousel's alt texts, one per image. */
export function AltTexts({
  id,
  prefix,
  draft,
  errorOf,
  set,
  items,
}: OptionFieldProps & { items: readonly MediaItem[] }) {
  const t = useT();
  return (
    <fieldset class="option">
      <legend>{t('compose.options.altTexts')}</legend>
      {items.map((item, position) => {
        if (item.media?.type !== 'image') return null;
        const field = `${prefix}.altText.${position}`;
        const error = errorOf(field) ?? (position === 0 ? errorOf(`${prefix}.altText`) : null);
        const inputId = `${id}-${item.key}`;
        return (
          <div key={item.key}>
            <label for={inputId}>
              {t('compose.options.altTextOf', { position: position + 1, name: item.name })}
            </label>
            <input
              id={inputId}
              value={draft.altTexts[item.key] ?? ''}
              maxLength={ALT_TEXT_MAX_LENGTH}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={describedBy(error && noteId(field))}
              onInput={(event) =>
                set({ altTexts: { ...draft.altTexts, [item.key]: event.currentTarget.value } })
              }
            />
            <FieldNote field={field} text={error} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** Instagram's "AI info" label. */
export function AiGeneratedSwitch({ id, draft, set, kind }: OptionFieldProps & { kind: PostKind }) {
  const t = useT();
  return (
    <div class="option">
      <label>
        <input
          type="checkbox"
          role="switch"
          id={id}
          checked={draft.aiGenerated}
          aria-describedby={`${id}-hint`}
          onChange={(event) => set({ aiGenerated: event.currentTarget.checked })}
        />
        {t('compose.options.aiGenerated')}
      </label>
      <small id={`${id}-hint`}>
        {kind === 'carousel'
          ? t('compose.options.aiGeneratedCarouselHint')
          : t('compose.options.aiGeneratedHint')}
      </small>
    </div>
  );
}
