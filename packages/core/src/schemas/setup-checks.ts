/**
 * The answer of the setup check (`GET /v1/health/setup`): one entry per check, each with
 * what to do when it is not `ok`.
 */
import * as z from 'zod';
import { successResponse } from './common';
import { SETUP_CHECK_REASONS } from './setup-check-texts';

/** How a check ended: `skipped` when it cannot be judged from inside this server. */
export const setupCheckStatusSchema = z
  .enum(['ok', 'warning', 'error', 'skipped'])
  .describe('Resultado da verificação.');

/**
 * One check of the setup.
 *
 * @example
 * ```ts
 * setupCheckSchema.parse({ id: 'disk', status: 'ok', reason: 'disk_ok', message: '20480 MiB livres em /data.' });
 * ```
 */
export const setupCheckSchema = z.object({
  id: z
    .string()
    .describe(
      'Qual verificação: `public_url`, `media_fetch_back`, `clock`, `platform_credentials`, `redirect_uri`, `meta_webhooks`, `accounts`, `smtp`, `disk` ou `database`.',
    ),
  status: setupCheckStatusSchema,
  reason: z
    .enum(SETUP_CHECK_REASONS)
    .describe(
      'Por que a verificação terminou assim: uma chave estável, para que um cliente diga `message` e `fix` no idioma da pessoa a partir de `reason` e `details`.',
    ),
  message: z.string().describe('O que foi encontrado, em português.'),
  fix: z.string().optional().describe('O que fazer para corrigir, quando há o que corrigir.'),
  details: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Valores que ajudam a corrigir (por exemplo, a URI de retorno a cadastrar).'),
});

/** The whole answer: `ok` is false when any check is `error`. */
export const setupChecksResponseSchema = successResponse({
  checks: z.array(setupCheckSchema),
  ok: z.boolean().describe('Falso quando alguma verificação terminou em `error`.'),
});

export type SetupCheckStatus = z.infer<typeof setupCheckStatusSchema>;
export type SetupCheck = z.infer<typeof setupCheckSchema>;
export type SetupChecksResponse = z.infer<typeof setupChecksResponseSchema>;
