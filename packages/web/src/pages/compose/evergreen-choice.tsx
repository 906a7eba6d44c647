/**
 * Whether the post is evergreen: once published, it may come back as a new post in an
 * empty slot of a posting schedule whose evergreen queue is on (`evergreen: true`).
 */
import { useT } from '../../i18n';

export function EvergreenChoice(props: { checked: boolean; onChange(checked: boolean): void }) {
  const t = useT();
  return (
    <fieldset class="compose-evergreen">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={props.checked}
          aria-describedby="compose-evergreen-hint"
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
        {t('evergreen.post.switch')}
      </label>
      <small id="compose-evergreen-hint" class="hint">
        {t('evergreen.post.hint')}
      </small>
    </fieldset>
  );
}
