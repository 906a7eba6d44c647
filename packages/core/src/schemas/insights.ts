/**
 * Insights: the metrics Instagram serves about a published post (per account it was
 * published to) and about a connected account over a range of days (reference §9
 * "Insights"). Only metrics Instagram still serves are named; deprecated ones
 * (`impressions`, `plays`, `video_views`, …) are never asked for.
 */
import * as z from 'zod';
import { INSIGHTS_REASONS } from '../vocabulary/enums';
import { ACCOUNT_INSIGHTS_DEFAULT_DAYS, ACCOUNT_INSIGHTS_MAX_DAYS } from '../vocabulary/limits';
import { validationError } from '../validation/validation-error';
import { dateTimeSchema, idSchema, safeString, successResponse } from './common';

const count = (description: string) => z.number().nullable().meta({ description });

export const postMetricsSchema = z
  .object({
    views: count('Visualizações (`views`).'),
    reach: count('Contas alcançadas (`reach`).'),
    likes: count('Curtidas (`likes`); não existe em stories.'),
    comments: count('Comentários (`comments`); não existe em stories.'),
    saved: count('Salvamentos (`saved`); não existe em stories.'),
    shares: count('Compartilhamentos (`shares`).'),
    totalInteractions: count('Interações somadas (`total_interactions`).'),
    avgWatchTimeMs: count(
      'Reels: tempo médio assistido, em milissegundos (`ig_reels_avg_watch_time`).',
    ),
    totalWatchTimeMs: count(
      'Reels: tempo total assistido, em milissegundos (`ig_reels_video_view_total_time`).',
    ),
    navigation: count('Stories: ações de navegação (avançar, voltar, sair) (`navigation`).'),
    replies: count('Stories: respostas (`replies`).'),
  })
  .meta({
    id: 'PostMetrics',
    description:
      'Métricas servidas pelo Instagram; `null` quando o Instagram não serve a métrica para este tipo de post ou não há dados.',
  });

export const postTargetInsightsSchema = z
  .object({
    targetId: idSchema('target'),
    integrationId: idSchema('integration'),
    platformPostId: z.string().nullable(),
    metrics: postMetricsSchema,
    reason: z.enum(INSIGHTS_REASONS).nullable().meta({
      description:
        'Por que não há métricas: `not_published` (a conta ainda não publicou; o Instagram não é consultado), `not_enough_viewers` (poucas pessoas viram a mídia para o Instagram informar), `not_available` (ainda não foi possível ler; veja `errorCode`). `null` quando há métricas.',
    }),
    fetchedAt: dateTimeSchema
      .nullable()
      .meta({ description: 'Quando as métricas mostradas foram lidas do Instagram.' }),
    checkedLive: z.boolean().meta({
      description:
        'true quando o Instagram foi consultado nesta chamada; false quando vem da leitura anterior (no máximo 1 hora).',
    }),
    errorCode: z.string().nullable().meta({
      description:
        'Código da seção de erros da última consulta que falhou (ex.: `TOKEN_INVALID`, `PERMISSION_REQUIRED`, `PLATFORM_UNAVAILABLE`, `PLATFORM_TIMEOUT`); as métricas anteriores, se houver, continuam em `metrics`.',
    }),
    errorMessage: z.string().nullable(),
  })
  .meta({ id: 'PostTargetInsights', description: 'As métricas do post numa conta.' });

export const postInsightsQuerySchema = z.object({
  force: z.enum(['true', 'false']).optional().meta({
    description: '`true` consulta o Instagram mesmo que a última leitura tenha menos de 1 hora.',
  }),
});

export const postInsightsResponseSchema = successResponse({
  postId: idSchema('post'),
  platforms: z.array(postTargetInsightsSchema).meta({
    description: 'Uma entrada por conta do post, na ordem de `platforms[]` do post.',
  }),
});

/** An ISO day, `YYYY-MM-DD`, that exists on the calendar. */
export const isoDaySchema = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'esperava uma data AAAA-MM-DD' })
  .refine((text) => isIsoDay(text), { error: 'esperava uma data que exista, como 2026-11-01' })
  .meta({ example: '2026-11-01', format: 'date' });

function isIsoDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text;
}

export const accountInsightsQuerySchema = z.object({
  since: isoDaySchema.optional().meta({
    description: `Primeiro dia (UTC), inclusive. Padrão: ${ACCOUNT_INSIGHTS_DEFAULT_DAYS - 1} dias antes de \`until\`.`,
  }),
  until: isoDaySchema.optional().meta({
    description: `Último dia (UTC), inclusive; no máximo hoje e no máximo ${ACCOUNT_INSIGHTS_MAX_DAYS} dias depois de \`since\`. Padrão: hoje.`,
  }),
});

export const accountInsightsDaySchema = z
  .object({
    date: z.string().meta({ description: 'O dia (UTC), `AAAA-MM-DD`.', example: '2026-11-01' }),
    reach: count('Contas alcançadas no dia (`reach`).'),
    views: count('Visualizações no dia (`views`).'),
    followerCount: count(
      'Seguidores novos no dia, descontados os que deixaram de seguir (`follower_count`); o Instagram só informa os últimos 30 dias.',
    ),
  })
  .meta({ id: 'AccountInsightsDay' });

export const accountInsightsSchema = z
  .object({
    integrationId: idSchema('integration'),
    since: z.string().meta({ description: 'Primeiro dia (UTC).' }),
    until: z.string().meta({ description: 'Último dia (UTC).' }),
    timezone: z.literal('UTC').meta({ description: 'Os dias são contados em UTC.' }),
    days: z.array(accountInsightsDaySchema).meta({ description: 'Um item por dia, em ordem.' }),
    totals: z
      .object({
        reach: count('Contas alcançadas no período, sem repetição (`reach`).'),
        views: count('Visualizações no período (`views`).'),
        profileViews: count('Visitas ao perfil no período (`profile_views`).'),
        accountsEngaged: count('Contas que interagiram no período (`accounts_engaged`).'),
      })
      .meta({ description: 'Totais do período; `null` quando o Instagram não os serve.' }),
    reason: z.enum(['not_enough_viewers']).nullable().meta({
      description:
        '`not_enough_viewers` quando o Instagram não informa métricas por falta de público; `null` normalmente.',
    }),
    fetchedAt: dateTimeSchema.meta({ description: 'Quando o Instagram foi consultado.' }),
  })
  .meta({ id: 'AccountInsights' });

export const accountInsightsResponseSchema = successResponse({ insights: accountInsightsSchema });

const DAY_MS = 24 * 60 * 60_000;

/** The ISO day (UTC) of an instant. */
function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The days an account-insights request covers: both ends inclusive, in UTC, defaults
 * filled in (until today; since 6 days before until), checked against today and the
 * 30-day window. Throws `VALIDATION_ERROR` naming `since` or `until`.
 *
 * @example
 * ```ts
 * resolveInsightsRange({}, Date.parse('2026-11-24T15:00:00Z'));
 * // { since: '2026-11-18', until: '2026-11-24', days: 7 }
 * resolveInsightsRange({ since: '2026-10-01', until: '2026-11-24' }, now); // throws: more than 30 days
 * ```
 */
export function resolveInsightsRange(
  query: { readonly since?: string | undefined; readonly until?: string | undefined },
  now: number,
): { since: string; until: string; days: number } {
  const today = dayOf(now);
  const until = query.until ?? today;
  const untilTime = Date.parse(`${until}T00:00:00Z`);
  if (until > today) {
    throw validationError(
      [{ field: 'until', message: `não pode ser depois de hoje (${today}, UTC)` }],
      'query',
    );
  }
  const since = query.since ?? dayOf(untilTime - (ACCOUNT_INSIGHTS_DEFAULT_DAYS - 1) * DAY_MS);
  if (since > until) {
    throw validationError(
      [{ field: 'since', message: `deve ser no máximo igual a until (${until})` }],
      'query',
    );
  }
  const days = Math.round((untilTime - Date.parse(`${since}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > ACCOUNT_INSIGHTS_MAX_DAYS) {
    throw validationError(
      [
        {
          field: 'until',
          message: `o período vai de ${since} a ${until} (${days} dias); o Instagram informa no máximo ${ACCOUNT_INSIGHTS_MAX_DAYS} dias por consulta`,
        },
      ],
      'query',
    );
  }
  return { since, until, days };
}
