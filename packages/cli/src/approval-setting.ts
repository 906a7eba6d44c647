/**
 * How `reelay approval set` and `reelay profiles approval` read the setting typed on the
 * command line.
 */
import { usageError } from './cli-error';
import { t } from './i18n';

/**
 * An approval setting as typed: `on` or `off`, and `project` (answered as `null`) where
 * the project's setting may be followed. Anything else is a usage error (exit 2).
 *
 * @example
 * ```ts
 * approvalSetting('on', false); // true
 * approvalSetting('project', true); // null
 * approvalSetting('project', false); // throws: use on or off
 * ```
 */
export function approvalSetting(text: string, allowProject: boolean): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === 'on') return true;
  if (value === 'off') return false;
  if (value === 'project' && allowProject) return null;
  throw usageError(
    t('approval.invalidSetting', { value: text }),
    t(allowProject ? 'approval.useOnOffProject' : 'approval.useOnOff'),
  );
}
