/**
 * Where a tag sits on an image: x and y as percentages of its width and height, the
 * scale Instagram takes (0–100 here, 0–1 on the wire). Shared by people and product tags.
 */
import { useT } from '../../i18n';

export interface TagPosition {
  x: string;
  y: string;
}

export function TagPositionInputs(
  props: TagPosition & { onChange(change: Partial<TagPosition>): void },
) {
  const t = useT();
  return (
    <>
      <label>
        {t('compose.options.tagX')}
        <input
          type="number"
          min={0}
          max={100}
          step="any"
          value={props.x}
          onInput={(event) => props.onChange({ x: event.currentTarget.value })}
        />
      </label>
      <label>
        {t('compose.options.tagY')}
        <input
          type="number"
          min={0}
          max={100}
          step="any"
          value={props.y}
          onInput={(event) => props.onChange({ y: event.currentTarget.value })}
        />
      </label>
    </>
  );
}
