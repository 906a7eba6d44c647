/**
 * The error beside a control: its id (for `aria-describedby`), the text, and the list of
 * ids a control is described by.
 */

/** The id of the note that explains field `key` (a key of `Problems`). */
export function noteId(key: string): string {
  return `compose-note-${key.replace(/[^\w-]/g, '-')}`;
}

/** `aria-describedby` from the ids that apply; `undefined` when none does. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const present = ids.filter((id): id is string => !!id);
  return present.length > 0 ? present.join(' ') : undefined;
}

/** The error text of a field, under its control; nothing when the field is fine. */
export function FieldNote({ field, text }: { field: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <small id={noteId(field)} class="field-error">
      {text}
    </small>
  );
}

/** What a component needs to show errors: the text of a field's error, if any. */
export type ErrorOf = (field: string) => string | null;
