/**
 * An error of the control API (`/_emulator/*`), answered as `{"error":{"message"}}` with
 * its HTTP status. Kept apart from Graph errors: the control API is the emulator's own.
 */
export class ControlError extends Error {
  override readonly name = 'ControlError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
