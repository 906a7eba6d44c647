/**
 * One chosen account's Instagram options (`platforms[].options`), showing only those the
 * post's kind and the account's login take: the AI label, collaborators, user tags,
 * product tags (Facebook Login only; otherwise the reason is shown), location, alt text,
 * first comment, and for Reels "also show in the feed", a trial Reel, the cover, the cover
 * frame and the audio's name.
 */
import type { LoginMode, PostKind } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { lockedByLogin, OPTIONS_BY_KIND, optionsFor, type OptionsDraft } from './compose-rules';
import type { ErrorOf } from './field-note';
import { AiGeneratedSwitch, AltTexts, TextOption, TrialChoices } from './option-fields';
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
  const fieldProps = { prefix, draft, errorOf, set };

  const images = props.items.filter((item) => item.media?.type === 'image');

  return (
    <details
      class="account-options"
      open={open || hasError}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{t('compose.options.summary', { name: props.name })}</summary>
      {allowed.has('aiGenerated') && (
        <AiGeneratedSwitch id={id('aiGenerated')} kind={kind} {...fieldProps} />
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
      {allowed.has('trialParams') && <TrialChoices id={id('trialParams')} {...fieldProps} />}
      {allowed.has('coverUrl') && (
        <TextOption
          option="coverUrl"
          id={id('coverUrl')}
          input={{ type: 'url', inputMode: 'url' }}
          {...fieldProps}
        />
      )}
      {allowed.has('thumbOffset') && (
        <TextOption
          option="thumbOffset"
          id={id('thumbOffset')}
          input={{ type: 'number', inputMode: 'numeric' }}
          {...fieldProps}
        />
      )}
      {allowed.has('audioName') && (
        <TextOption option="audioName" id={id('audioName')} input={{}} {...fieldProps} />
      )}
      {allowed.has('collaborators') && (
        <TextOption option="collaborators" id={id('collaborators')} input={{}} {...fieldProps} />
      )}
      {allowed.has('locationId') && (
        <TextOption
          option="locationId"
          id={id('locationId')}
          input={{ inputMode: 'numeric' }}
          {...fieldProps}
        />
      )}
      {allowed.has('altText') && kind === 'feed' && (
        <TextOption
          option="altText"
          id={id('altText')}
          input={{ multiline: true }}
          {...fieldProps}
        />
      )}
      {allowed.has('altText') && kind === 'carousel' && images.length > 0 && (
        <AltTexts id={id('altText')} items={props.items} {...fieldProps} />
      )}
      {allowed.has('firstComment') && (
        <TextOption
          option="firstComment"
          id={id('firstComment')}
          input={{ multiline: true }}
          {...fieldProps}
        />
      )}
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
