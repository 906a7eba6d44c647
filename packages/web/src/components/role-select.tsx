/**
 * A select of the roles that can be given (admin, editor, viewer), named in the app's
 * language. Used to invite someone, to change a member's role and for a new API key.
 */
import { ASSIGNABLE_ROLES, type AssignableRole } from '@reelay/sdk';
import { useT } from '../i18n';

export interface RoleSelectProps {
  id: string;
  value: AssignableRole;
  onChange(role: AssignableRole): void;
  /** A visible label; without it `ariaLabel` names the select. */
  label?: string;
  ariaLabel?: string;
  /** A lasting hint under the select. */
  hint?: string;
  disabled?: boolean;
}

export function RoleSelect({
  id,
  value,
  onChange,
  label,
  ariaLabel,
  hint,
  disabled,
}: RoleSelectProps) {
  const t = useT();
  const select = (
    <select
      id={id}
      value={value}
      aria-label={label ? undefined : ariaLabel}
      aria-describedby={hint ? `${id}-hint` : undefined}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value as AssignableRole)}
    >
      {ASSIGNABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </select>
  );
  if (!label) return select;
  return (
    <label for={id}>
      {label}
      {select}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </label>
  );
}
