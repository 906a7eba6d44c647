/**
 * A labelled input with its error beside it: the error text is tied to the input
 * (`aria-describedby`) and marks it invalid, so it is read with the field.
 */
export interface FieldProps {
  label: string;
  id?: string;
  type?: 'text' | 'email' | 'password';
  autocomplete?: string;
  required?: boolean;
  minLength?: number | undefined;
  maxLength?: number;
  name: string;
  /** The value the input starts with (it stays uncontrolled). */
  defaultValue?: string;
  /** Why the value was refused, shown under the input. */
  error?: string | null;
  /** A lasting hint, shown under the input when there is no error. */
  hint?: string | undefined;
}

export function Field({ label, name, error, hint, id, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const noteId = `${inputId}-note`;
  const note = error ?? hint;
  return (
    <label for={inputId}>
      {label}
      <input
        {...input}
        // Preact types each input `type` apart; any of these three takes the same attributes.
        type={(input.type ?? 'text') as 'text'}
        id={inputId}
        name={name}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {note && <small id={noteId}>{note}</small>}
    </label>
  );
}
