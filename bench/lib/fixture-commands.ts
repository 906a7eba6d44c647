/**
 * The fixture side of `forkFixture` (bench-processes.ts): answers each command the bench
 * sends with `{ id, …answer }` (or `{ id, error }`), and exits once `{ stop }` is answered.
 */

/** A command from the bench: its id, and what to do. */
export type FixtureCommand = { id: number } & Record<string, unknown>;

/**
 * Serves the bench's commands with `run`, then says the fixture is ready.
 *
 * @example
 * ```ts
 * answerCommands(async (command) => ('now' in command ? { now: clock.now() } : {}), { url });
 * ```
 */
export function answerCommands<C extends FixtureCommand>(
  run: (command: C) => Promise<object>,
  ready: Record<string, unknown>,
): void {
  process.on('message', (command: C) => {
    void run(command).then(
      (answer) => {
        process.send?.({ id: command.id, ...answer });
        if ('stop' in command) process.exit(0);
      },
      (error: unknown) => process.send?.({ id: command.id, error: String(error) }),
    );
  });
  process.send?.({ ready: true, ...ready });
}
