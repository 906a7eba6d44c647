/**
 * A browser that opens the emulator's consent page asks for `/favicon.ico`: the emulator
 * answers with no content rather than a Graph error.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call, startTestEmulator } from './testing/harness';

const { emulator } = await startTestEmulator();
afterAll(() => emulator.close());

describe('the favicon request', () => {
  it('is answered 204 with no body, for GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(new URL('/favicon.ico', emulator.url), { method });
      expect(response.status, method).toBe(204);
      expect(await response.text()).toBe('');
    }
  });

  it('stays a Graph error for other methods and other paths', async () => {
    expect((await call(emulator, 'POST', '/favicon.ico')).status).toBe(400);
    expect((await call(emulator, 'GET', '/favicon.png')).status).toBe(400);
  });
});
