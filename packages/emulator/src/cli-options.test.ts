import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EmulatorOptionError, emulatorOptionsFromValues, parseCliArgs } from './cli-options';

describe('parseCliArgs', () => {
  it('reads every flag', () => {
    expect(
      parseCliArgs([
        '--port=9000',
        '--host',
        '0.0.0.0',
        '--seed',
        'demo',
        '--latency-ms',
        '25',
        '--container-processing-ms',
        '10',
        '--video-processing-ms',
        '2000',
        '--quota-total',
        '50',
        '--app-id',
        'app',
        '--app-secret',
        'shh',
        '--facebook-app-id',
        'fb-app',
        '--facebook-app-secret',
        'fb-shh',
        '--no-fetch-media',
      ]),
    ).toEqual({
      help: false,
      options: {
        port: 9000,
        host: '0.0.0.0',
        seed: 'demo',
        latencyMs: 25,
        containerProcessingMs: 10,
        videoProcessingMs: 2000,
        quotaTotal: 50,
        appId: 'app',
        appSecret: 'shh',
        facebookAppId: 'fb-app',
        facebookAppSecret: 'fb-shh',
        fetchMedia: false,
      },
    });
  });

  it('defaults to port 8090', () => {
    expect(parseCliArgs([])).toEqual({ help: false, options: { port: 8090 } });
  });

  it.each([
    [['--port', 'eighty']],
    [['--port', '70000']],
    [['--quota-total', '0']],
    [['--latency-ms', '-5']],
    [['--colour']],
    [['serve']],
  ])('refuses %o', (args) => {
    expect(() => parseCliArgs(args)).toThrow();
  });

  it('answers help', () => {
    expect(parseCliArgs(['-h'])).toEqual({ help: true });
  });
});

describe('emulatorOptionsFromValues', () => {
  it('turns flag values split by another parser into start options', () => {
    expect(
      emulatorOptionsFromValues({ port: '0', 'quota-total': '5', 'no-fetch-media': true }),
    ).toEqual({ port: 0, quotaTotal: 5, fetchMedia: false });
  });

  it('names the flag and its bounds when a number does not fit, for a message in any language', () => {
    const refusal = (values: Parameters<typeof emulatorOptionsFromValues>[0]) => {
      try {
        emulatorOptionsFromValues(values);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refusal({ port: '70000' })).toMatchObject({ flag: 'port', value: '70000', max: 65535 });
    expect(refusal({ 'quota-total': '0' })).toMatchObject({ flag: 'quota-total', min: 1 });
    expect(refusal({ 'latency-ms': 'x' })).toBeInstanceOf(EmulatorOptionError);
  });
});

describe('reelay-emulator', () => {
  it('starts, prints its URL, serves requests and stops on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--port', '0', '--seed', 'cli'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: child.stdout });
    const url = await new Promise<string>((resolve, reject) => {
      lines.on('line', (line) => {
        const match = /listening on (http:\/\/\S+)/.exec(line);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    const res = await fetch(`${url}/_emulator/accounts`);
    expect(await res.json()).toEqual({ data: [] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
