/** The form control an API error's `details.field` names. */

/**
 * The form field an API error names (`details.field`, or a field of a core issue), as a
 * key of {@link Problems}: `platforms[0].options.collaborators[1]` →
 * `platforms.0.options.collaborators`; `null` when no control shows it.
 *
 * @example
 * ```ts
 * errorKey('mediaItems[2].mediaId'); // 'mediaItems.2'
 * errorKey('caption'); // 'content'
 * ```
 */
export function errorKey(field: string): string | null {
  const parts = field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  const [head, index, section, option, item] = parts;
  switch (head) {
    case 'content':
    case 'caption':
      return 'content';
    case 'kind':
    case 'scheduledFor':
    case 'timezone':
      return head;
    case 'recurrence':
      return 'recurrence';
    case 'mediaItems':
      return index !== undefined && /^\d+$/.test(index) ? `mediaItems.${index}` : 'mediaItems';
    case 'platforms': {
      if (index === undefined || !/^\d+$/.test(index) || section !== 'options' || !option) {
        return 'platforms';
      }
      const base = `platforms.${index}.options.${option}`;
      return option === 'altText' && item !== undefined && /^\d+$/.test(item)
        ? `${base}.${item}`
        : base;
    }
    default:
      return null;
  }
}
