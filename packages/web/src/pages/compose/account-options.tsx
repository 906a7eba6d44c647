/**
 * One chosen account's Instagram options (`platforms[].options`), showing only those the
 * post's kind and the account's login take: the AI label, collaborators, user tags,
 * product tags (Facebook Login only; otherwise the reason is shown), location, alt text,
 * first comment, and for Reels "also show in the feed", a trial Reel, the cover, the cover
 * frame and the audio's name.
 */
import {
  TRIAL_GRADUATION_STRATEGIES,
  type LoginMode,
  type PostKind,
  type TrialGraduationStrategy,
} from '@reelay/core';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useT } from '../../i18n';
import {
  ALT_TEXT_MAX_LENGTH,
  AUDIO_NAME_MAX_LENGTH,
  COLLABORATORS_MAX,
  lockedByLogin,
  OPTIONS_BY_KIND,
  optionsFor,
  type OptionsDraft,
} from './compose-rules';
import { describedBy, FieldNote, noteId, type ErrorOf } from './field-note';
import { ProductTagsField, ProductTagsUnavailable } from './product-tags-field';
import { UserTagsField } from './user-tags-field';
import type { MediaItem } from './use-media-items';

export interface AccountOptionsProps {
  accountId: string;
  name: string;
  /** The account's position in `platforms[]`: errors name it. */
  index: number;
  kind: PostKind;
  /** How the account was connected: product tags need Facebook Login. */
  loginMode: LoginMode;
  draft: OptionsDraft;
  items: readonly MediaItem[];
  errorOf: ErrorOf;
  onChange(draft: OptionsDraft): void;
}

/** The trial choices: a regular Reel first, then each graduation strategy. */
const TRIAL_CHOICES: ReadonlyArray<'' | TrialGraduationStrategy> = [
  '',
  ...TRIAL_GRADUATION_STRATEGIES,
];

export function AccountOptions(props: AccountOptionsProps) {
  const t = useT();
  const { accountId, index, kind, draft, errorOf } = props;
  const allowed = new Set(optionsFor(kind, props.loginMode));
  const prefix = `platforms.${index}.options`;
  const hasError =
    props.items.some((_, item) => errorOf(`${prefix}.altText.${item}`)) ||
    OPTIONS_BY_KIND[kind].some((option) => errorOf(`${prefix}.${option}`));
  const [open, setOpen] = useState(false);
  const id = (option: string) => `compose-${accountId}-${option}`;
  const set = (change: Partial<OptionsDraft>) => props.onChange({ ...draft, ...change });

  /** A labelled text control with its hint and its error. */
  function text(
    option:
      | 'collaborators'
      | 'locationId'
      | 'altText'
      | 'firstComment'
      | 'coverUrl'
      | 'thumbOffset'
      | 'audioName',
    input: { type?: 'text' | 'url' | 'number'; inputMode?: 'numeric' | 'url'; multiline?: boolean },
    children?: ComponentChildren,
  ) {
    const field = `${prefix}.${option}`;
    const error = errorOf(field);
    const hintId = `${id(option)}-hint`;
    const common = {
      id: id(option),
      value: draft[option] as string,
      'aria-invalid': error ? ('true' as const) : undefined,
      'aria-describedby': describedBy(hintId, error && noteId(field)),
    };
    return (
      <div class="option">
        <label for={id(option)}>{t(`compose.options.${option}`)}</label>
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

  const images = props.items.filter((item) => item.media?.type === 'image');
  const trialName = `compose-${accountId}-trial`;

  return (
    <details
      class="account-options"
      open={open || hasError}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{t('compose.options.summary', { name: props.name })}</summary>
      {allowed.has('aiGenerated') && (
        <div class="option">
          <label>
            <input
              type="checkbox"
              role="switch"
              id={id('aiGenerated')}
              checked={draft.aiGenerated}
              aria-describedby={`${id('aiGenerated')}-hint`}
              onChange={(event) => set({ aiGenerated: event.currentTarget.checked })}
            />
            {t('compose.options.aiGenerated')}
          </label>
          <small id={`${id('aiGenerated')}-hint`}>
            {kind === 'carousel'
              ? t('compose.options.aiGeneratedCarouselHint')
              : t('compose.options.aiGeneratedHint')}
          </small>
        </div>
      )}
      {allowed.has('shareToFeed') && (
        <label class="option">
          <input
            type="checkbox"
            role="switch"
            checked={draft.shareToFeed}
            onChange={(event) => set({ shareToFeed: event.currentTarget.checked })}
          />
          {t('compose.options.shareToFeed')}
        </label>
      )}
      {allowed.has('trialParams') && (
        <fieldset
          class="option trial-choices"
          id={id('trialParams')}
          tabIndex={-1}
          data-invalid={errorOf(`${prefix}.trialParams`) ? 'true' : undefined}
          aria-describedby={describedBy(
            `${id('trialParams')}-hint`,
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
          <small id={`${id('trialParams')}-hint`}>{t('compose.options.trialHint')}</small>
          <FieldNote field={`${prefix}.trialParams`} text={errorOf(`${prefix}.trialParams`)} />
        </fieldset>
      )}
      {allowed.has('coverUrl') && text('coverUrl', { type: 'url', inputMode: 'url' })}
      {allowed.has('thumbOffset') && text('thumbOffset', { type: 'number', inputMode: 'numeric' })}
      {allowed.has('audioName') && text('audioName', {})}
      {allowed.has('collaborators') && text('collaborators', {})}
      {allowed.has('locationId') && text('locationId', { inputMode: 'numeric' })}
      {allowed.has('altText') && kind === 'feed' && text('altText', { multiline: true })}
      {allowed.has('altText') && kind === 'carousel' && images.length > 0 && (
        <fieldset class="option">
          <legend>{t('compose.options.altTexts')}</legend>
          {props.items.map((item, position) => {
            if (item.media?.type !== 'image') return null;
            const field = `${prefix}.altText.${position}`;
            const error = errorOf(field) ?? (position === 0 ? errorOf(`${prefix}.altText`) : null);
            const inputId = `${id('altText')}-${item.key}`;
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
      )}
      {allowed.has('firstComment') && text('firstComment', { multiline: true })}
      {allowed.has('userTags') && (
        <UserTagsField
          id={id('userTags')}
          field={`${prefix}.userTags`}
          kind={kind}
          tags={draft.userTags}
          items={props.items}
          error={errorOf(`${prefix}.userTags`)}
          onChange={(userTags) => set({ userTags })}
        />
      )}
      {allowed.has('productTags') && (
        <ProductTagsField
          id={id('productTags')}
          field={`${prefix}.productTags`}
          kind={kind}
          tags={draft.productTags}
          error={errorOf(`${prefix}.productTags`)}
          onChange={(productTags) => set({ productTags })}
        />
      )}
      {lockedByLogin(kind, props.loginMode, 'productTags') && (
        <ProductTagsUnavailable id={id('productTags')} />
      )}
    </details>
  );
}
