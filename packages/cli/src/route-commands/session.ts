/**
 * Session and service commands: logging in and out, who is logged in, the server's
 * health and its OpenAPI document. Part of the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { CommandSpec } from './command-spec';

export const sessionCommands = {
  login: [
    {
      name: 'login',
      help: 'help.login',
      options: [
        { flags: '--email', value: 'placeholder.email', help: 'help.emailPrompted' },
        { flags: '--password-stdin', help: 'help.passwordStdin' },
        { flags: '--project', value: 'id', help: 'help.loginProject' },
      ],
      run: async (_, o, ctx) => (await import('../commands/auth')).login(o, ctx),
    },
  ],
  signup: [
    {
      name: 'signup',
      help: 'help.signup',
      options: [
        { flags: '--email', value: 'placeholder.email', help: 'help.emailPrompted' },
        { flags: '--name', value: 'placeholder.name', help: 'help.signupName', field: 'name' },
        { flags: '--password-stdin', help: 'help.passwordStdin' },
        {
          flags: '--invitation',
          value: 'placeholder.invitation',
          help: 'help.signupInvitation',
        },
      ],
      run: async (_, o, ctx) => (await import('../commands/auth')).signup(o, ctx),
    },
  ],
  logout: [
    {
      name: 'logout',
      help: 'help.logout',
      run: async (_, _o, ctx) => (await import('../commands/auth')).logout(ctx),
    },
  ],
  healthAuth: [
    {
      name: 'whoami',
      help: 'help.whoami',
      run: async (_, _o, ctx) => (await import('../commands/auth')).whoami(ctx),
    },
  ],
  healthz: [
    {
      name: 'status',
      help: 'help.status',
      run: async (_, _o, ctx) => (await import('../commands/status')).status(ctx),
    },
  ],
  getSetupChecks: [
    {
      name: 'doctor',
      help: 'help.doctor',
      run: async (_, _o, ctx) => (await import('../commands/doctor')).doctor(ctx),
    },
  ],
  getOpenApiDocument: [
    {
      name: 'openapi',
      help: 'help.openapi',
      run: async (_, _o, ctx) => (await import('../commands/status')).openApi(ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
