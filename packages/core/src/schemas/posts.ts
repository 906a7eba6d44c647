/**
 * Posts and their targets (spec §2, §4 "Posts"). The creation body mirrors the response:
 * `platforms[]` holds one entry per connected account, with its Instagram options.
 *
 * Shape is checked here; rules that depend on the post kind and on the media types of
 * uploaded media (which only the server can look up) live in `rules/post-composition`.
 */
import * as z from 'zod';
import { checkCaption } from '../rules/caption';
import { recurrenceInputSchema } from './recurrence';
import {
  dateTimeSchema,
  httpUrlSchema,
  idSchema,
  offsetDateTimeSchema,
  paginationQueryShape,
  platformSchema,
  profileFilterSchema,
  safeString,
  sortQuerySchema,
  successResponse,
  timezoneSchema,
} from './common';
import {
  MEDIA_TYPES,
  POST_KINDS,
  POST_STATUSES,
  TARGET_STATUSES,
  TRIAL_GRADUATION_STRATEGIES,
} from '../vocabulary/enums';
import {
  ACCOUNTS_PER_POST_MAX,
  ACCOUNTS_PER_POST_MIN,
  ALT_TEXT_MAX_LENGTH,
  AUDIO_NAME_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  COLLABORATORS_MAX,
  EVERGREEN_CAPTIONS_MAX,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  MEDIA_ITEMS_MAX,
  MEDIA_ITEMS_MIN,
  NOTE_MAX_LENGTH,
  PRODUCT_TAGS_MAX,
  USER_TAGS_MAX,
} from '../vocabulary/limits';

export const mediaTypeSchema = z.enum(MEDIA_TYPES);

export const captionSchema = safeString()
  .superRefine((caption, ctx) => {
    const found = checkCaption(caption);
    if (found) ctx.addIssue({ code: 'custom', message: found });
  })
  .meta({
    description: `A legenda: até ${CAPTION_MAX_LENGTH} caracteres (pontos de código Unicode), 30 hashtags e 20 menções. Com mais de 5 hashtags o post é aceito com um aviso (\`warningMessage\`): o Instagram anunciou um limite de 5.`,
    maxLength: CAPTION_MAX_LENGTH,
  });

const usernameSchema = safeString()
  .regex(/^@?[A-Za-z0-9._]{1,30}$/, { error: 'esperava um nome de usuário do Instagram' })
  .transform((username) => username.replace(/^@/, ''))
  .meta({ example: 'marca.parceira' });

const coordinateSchema = z
  .number()
  .min(0, { error: 'a coordenada vai de 0 a 1' })
  .max(1, { error: 'a coordenada vai de 0 a 1' });

export const mediaItemInputSchema = z
  .strictObject({
    type: mediaTypeSchema.optional().meta({ description: 'Obrigatório com `url`.' }),
    url: httpUrlSchema
      .optional()
      .meta({ description: 'URL https pública da mídia; é baixada e verificada como um upload.' }),
    mediaId: idSchema('media')
      .optional()
      .meta({ description: 'Mídia enviada antes por POST /v1/media.' }),
  })
  .superRefine((item, ctx) => {
    if ((item.url === undefined) === (item.mediaId === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'informe url ou mediaId (exatamente um dos dois)' });
    } else if (item.url !== undefined && item.type === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'com url, informe type: image ou video',
      });
    }
  })
  .meta({
    id: 'MediaItemInput',
    description: 'Uma mídia do post: `{ type, url }` ou `{ mediaId }`.',
  });
export type MediaItemInput = z.output<typeof mediaItemInputSchema>;

export const userTagSchema = z.strictObject({
  username: usernameSchema,
  x: coordinateSchema
    .optional()
    .meta({ description: 'De 0 a 1, da esquerda; obrigatório fora de Stories.' }),
  y: coordinateSchema
    .optional()
    .meta({ description: 'De 0 a 1, do topo; obrigatório fora de Stories.' }),
  mediaIndex: z
    .int()
    .min(0)
    .optional()
    .meta({ description: 'Índice da mídia marcada (carrossel); padrão 0.' }),
});

export const productTagSchema = z
  .strictObject({
    productId: safeString()
      .regex(/^\d{1,30}$/, { error: 'esperava o id numérico de um produto do catálogo' })
      .meta({ description: 'O id do produto no catálogo da loja do Instagram.' }),
    x: coordinateSchema
      .optional()
      .meta({ description: 'De 0 a 1, da esquerda; obrigatório no feed, não aceito em Reels.' }),
    y: coordinateSchema
      .optional()
      .meta({ description: 'De 0 a 1, do topo; obrigatório no feed, não aceito em Reels.' }),
  })
  .meta({ id: 'ProductTag', description: 'Um produto marcado no post.' });

export const trialParamsSchema = z
  .strictObject({
    graduationStrategy: z.enum(TRIAL_GRADUATION_STRATEGIES).meta({
      description:
        'MANUAL: vira um Reel comum só pelo app do Instagram; SS_PERFORMANCE: vira sozinho se for bem entre quem não segue a conta.',
    }),
  })
  .meta({ id: 'TrialParams' });

export const instagramOptionsSchema = z
  .strictObject({
    shareToFeed: z.boolean().optional().meta({ description: 'Só Reels: também mostrar no feed.' }),
    coverUrl: httpUrlSchema.optional().meta({ description: 'Só Reels: capa JPEG pública.' }),
    thumbOffset: z
      .int()
      .min(0)
      .optional()
      .meta({ description: 'Só Reels: milissegundos do quadro de capa.' }),
    collaborators: z
      .array(usernameSchema)
      .max(COLLABORATORS_MAX, { error: `no máximo ${COLLABORATORS_MAX} colaboradores` })
      .optional()
      .meta({
        description: 'Até 3 nomes de usuário convidados como colaboradores (não em Stories).',
      }),
    userTags: z
      .array(userTagSchema)
      .max(USER_TAGS_MAX, { error: `no máximo ${USER_TAGS_MAX} marcações` })
      .optional()
      .meta({
        description:
          'Pessoas marcadas: no feed e em carrosséis (imagens) com x e y; em Stories x e y são opcionais; em Reels só o nome de usuário.',
      }),
    locationId: safeString()
      .regex(/^\d{1,30}$/, { error: 'esperava o id numérico de uma página com localização' })
      .optional(),
    altText: z
      .union([
        safeString().max(ALT_TEXT_MAX_LENGTH),
        z.array(safeString().max(ALT_TEXT_MAX_LENGTH).nullable()).max(MEDIA_ITEMS_MAX),
      ])
      .optional()
      .meta({
        description:
          'Texto alternativo de imagens: um texto para a imagem do feed, ou uma lista alinhada a `mediaItems` num carrossel (null para vídeos).',
      }),
    firstComment: safeString()
      .min(1)
      .max(CAPTION_MAX_LENGTH)
      .optional()
      .meta({ description: 'Comentário publicado logo após o post (não em Stories).' }),
    trialParams: trialParamsSchema.optional().meta({
      description:
        'Só Reels: publica como Reel de teste, mostrado primeiro a quem não segue a conta.',
    }),
    aiGenerated: z.boolean().optional().meta({
      description:
        'true marca o post como conteúdo gerado por IA (rótulo de informações de IA do Instagram); num carrossel vale para o post inteiro.',
    }),
    audioName: safeString()
      .min(1)
      .max(AUDIO_NAME_MAX_LENGTH)
      .optional()
      .meta({ description: 'Só Reels: o nome do áudio; o Instagram deixa renomeá-lo uma vez.' }),
    productTags: z
      .array(productTagSchema)
      .min(1, { error: 'informe ao menos um produto' })
      .max(PRODUCT_TAGS_MAX, { error: `no máximo ${PRODUCT_TAGS_MAX} produtos` })
      .optional()
      .meta({
        description:
          'Até 5 produtos marcados, no feed (com x e y) ou num Reel (sem x e y). Só para contas conectadas com Login do Facebook.',
      }),
  })
  .meta({ id: 'InstagramOptions', description: 'Opções do Instagram para uma conta do post.' });
export type InstagramOptions = z.output<typeof instagramOptionsSchema>;

export const platformTargetInputSchema = z
  .strictObject({
    platform: platformSchema,
    accountId: idSchema('integration').meta({ description: 'A conta conectada (`int_…`).' }),
    options: instagramOptionsSchema.optional(),
  })
  .meta({ id: 'PlatformTargetInput' });

const accountsCountMessage = `informe de ${ACCOUNTS_PER_POST_MIN} a ${ACCOUNTS_PER_POST_MAX} contas`;

// The least count is checked on the whole body: a draft may have no account yet.
const platformsSchema = z
  .array(platformTargetInputSchema)
  .max(ACCOUNTS_PER_POST_MAX, {
    error: `um post vai para no máximo ${ACCOUNTS_PER_POST_MAX} contas`,
  })
  .superRefine((targets, ctx) => {
    const seen = new Set<string>();
    targets.forEach((target, index) => {
      if (seen.has(target.accountId)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'accountId'],
          message: 'conta repetida no mesmo post',
        });
      }
      seen.add(target.accountId);
    });
  })
  .meta({
    description: `De ${ACCOUNTS_PER_POST_MIN} a ${ACCOUNTS_PER_POST_MAX} contas; um rascunho aceita nenhuma.`,
  });

const mediaItemsSchema = z.array(mediaItemInputSchema).meta({
  description: 'De 1 a 10 mídias; um Story leva exatamente 1, um carrossel de 2 a 10.',
  override: { minItems: MEDIA_ITEMS_MIN, maxItems: MEDIA_ITEMS_MAX },
});

const draftRequiredMessage = 'obrigatório, exceto num rascunho (`draft: true`)';

const evergreenSchema = z.boolean().meta({
  description:
    'true: depois de publicado, o post pode voltar como um post novo (mesmas mídias, legenda e contas) num horário vazio de uma agenda com a fila evergreen ligada. Padrão false.',
});

const evergreenCaptionsSchema = z
  .array(captionSchema)
  .max(EVERGREEN_CAPTIONS_MAX, { error: `no máximo ${EVERGREEN_CAPTIONS_MAX} variações` })
  .meta({
    description: `Até ${EVERGREEN_CAPTIONS_MAX} legendas alternativas, com as mesmas regras da legenda: cada reaproveitamento usa a seguinte, em rodízio; vazio, a legenda do post.`,
  });

export const createPostBodySchema = z
  .strictObject({
    content: captionSchema.optional().transform((content) => content ?? ''),
    kind: z.enum(POST_KINDS).optional().meta({
      description:
        'Deduzido quando ausente: 1 imagem = feed, 1 vídeo = reel, 2 a 10 = carousel. Story é sempre explícito.',
    }),
    mediaItems: mediaItemsSchema.optional().meta({
      description: 'De 1 a 10 mídias; obrigatório, exceto num rascunho.',
    }),
    platforms: platformsSchema.optional().meta({
      description: `De ${ACCOUNTS_PER_POST_MIN} a ${ACCOUNTS_PER_POST_MAX} contas; obrigatório, exceto num rascunho.`,
    }),
    draft: z.boolean().optional().meta({
      description:
        'true guarda um rascunho: contas, horário e mídias podem faltar; o que dá para verificar é verificado (legenda, mídias), o resto vem em `problems`. Um rascunho nunca publica; `POST /v1/posts/{id}/submit` o envia.',
    }),
    scheduledFor: offsetDateTimeSchema.nullable().optional().meta({
      description: 'Quando publicar: de 1 minuto a 75 dias à frente. Ausente ou null: agora.',
    }),
    queue: z.boolean().optional().meta({
      description:
        'true: em vez de `scheduledFor`, cada conta recebe o próximo horário livre da sua agenda de publicação (`GET /v1/integrations/{id}/slots/next`); o `scheduledFor` do post é o mais cedo deles.',
    }),
    timezone: timezoneSchema.optional(),
    recurrence: recurrenceInputSchema.optional(),
    evergreen: evergreenSchema.optional(),
    evergreenCaptions: evergreenCaptionsSchema.optional(),
    idempotencyKey: safeString()
      .min(1)
      .max(IDEMPOTENCY_KEY_MAX_LENGTH, {
        error: `no máximo ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres`,
      })
      .optional()
      .meta({ description: 'Reusar a mesma chave numa nova tentativa devolve o post original.' }),
  })
  .superRefine((body, ctx) => {
    // One way of saying when: an explicit time, or the accounts' next free slots.
    if (body.queue === true && body.scheduledFor !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['queue'],
        message: 'use queue ou scheduledFor, não os dois',
      });
    }
    // A series starts at an explicit time: its first occurrence and its wall-clock time.
    if (body.recurrence !== undefined) {
      if (body.draft === true || body.queue === true || body.scheduledFor == null) {
        ctx.addIssue({
          code: 'custom',
          path: ['recurrence'],
          message:
            'uma série precisa de scheduledFor (a primeira ocorrência); não vale com queue nem num rascunho',
        });
      }
    }
    if (body.draft === true) return;
    if (body.mediaItems === undefined) {
      ctx.addIssue({ code: 'custom', path: ['mediaItems'], message: draftRequiredMessage });
    }
    if (body.platforms === undefined) {
      ctx.addIssue({ code: 'custom', path: ['platforms'], message: draftRequiredMessage });
    } else if (body.platforms.length < ACCOUNTS_PER_POST_MIN) {
      ctx.addIssue({ code: 'custom', path: ['platforms'], message: accountsCountMessage });
    }
  })
  .meta({ id: 'CreatePostBody' });
export type CreatePostBody = z.output<typeof createPostBodySchema>;

export const updatePostBodySchema = z
  .strictObject({
    content: captionSchema.optional(),
    kind: z.enum(POST_KINDS).optional(),
    mediaItems: mediaItemsSchema.optional(),
    platforms: platformsSchema.optional().meta({
      description: 'As contas do post; só num rascunho.',
    }),
    scheduledFor: offsetDateTimeSchema.nullable().optional().meta({
      description:
        'Novo horário, de 1 minuto a 75 dias à frente; null (só num rascunho) tira o horário.',
    }),
    timezone: timezoneSchema.optional(),
    evergreen: evergreenSchema.optional().meta({
      description:
        'Liga ou desliga o reaproveitamento; muda em qualquer post, publicado inclusive. Sozinho (ou com `evergreenCaptions`), não mexe no resto do post.',
    }),
    evergreenCaptions: evergreenCaptionsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'informe ao menos um campo para alterar',
  })
  .meta({ id: 'UpdatePostBody' });

export const retryPostBodySchema = z
  .strictObject({
    scheduledFor: offsetDateTimeSchema
      .optional()
      .meta({ description: 'Quando tentar de novo; ausente: agora.' }),
    timezone: timezoneSchema.optional(),
  })
  .optional()
  .transform((body) => body ?? {})
  .meta({ id: 'RetryPostBody' });

export const listPostsQuerySchema = z
  .object({
    status: z.enum(POST_STATUSES).optional(),
    kind: z.enum(POST_KINDS).optional(),
    accountId: idSchema('integration').optional().meta({ description: 'Só posts com esta conta.' }),
    profileId: profileFilterSchema.optional(),
    from: offsetDateTimeSchema.optional().meta({
      description:
        'Posts com alguma conta (entre as filtradas) marcada a partir deste instante: o horário dela, ou a criação do post se imediato. Num post com `queue`, cada conta tem o seu horário.',
    }),
    to: offsetDateTimeSchema
      .optional()
      .meta({ description: 'Como `from`, até este instante (inclusive).' }),
    ...paginationQueryShape,
    sort: sortQuerySchema,
  })
  .refine((query) => !query.from || !query.to || query.from.getTime() <= query.to.getTime(), {
    error: 'from deve ser anterior a to',
    path: ['from'],
  });

export const postTargetSchema = z
  .object({
    id: idSchema('target'),
    platform: platformSchema,
    integrationId: idSchema('integration'),
    profileId: idSchema('profile').nullable(),
    status: z.enum(TARGET_STATUSES),
    platformPostId: z.string().nullable(),
    platformPostUrl: z.string().nullable(),
    publishedAt: dateTimeSchema.nullable(),
    scheduledFor: dateTimeSchema.nullable().meta({
      description:
        'Quando esta conta publica; null numa publicação imediata. Num post com `queue`, cada conta tem o seu horário.',
    }),
    errorCode: z.string().nullable().meta({
      description: 'Um código da seção de erros, ou CANCELLED, PUBLISH_UNCONFIRMED, MISSED.',
    }),
    errorMessage: z.string().nullable(),
    warningMessage: z.string().nullable(),
  })
  .meta({ id: 'PostTarget', description: 'O resultado do post numa conta.' });

export const postMediaItemSchema = z.object({
  type: mediaTypeSchema,
  url: z.string(),
  mediaId: idSchema('media').nullable(),
});

export const postProblemSchema = z
  .object({
    field: z.string().meta({ example: 'platforms' }),
    message: z.string().meta({ example: 'informe de 1 a 5 contas' }),
  })
  .meta({ id: 'PostProblem', description: 'Algo que falta num rascunho, pelo campo.' });

export const postSchema = z
  .object({
    id: idSchema('post'),
    status: z.enum(POST_STATUSES),
    kind: z.enum(POST_KINDS),
    content: z.string(),
    scheduledFor: dateTimeSchema.nullable(),
    publishedAt: dateTimeSchema.nullable(),
    timezone: z.string(),
    mediaItems: z.array(postMediaItemSchema),
    platforms: z.array(postTargetSchema),
    idempotencyKey: z.string().nullable(),
    problems: z.array(postProblemSchema).meta({
      description:
        'Num rascunho, o que ainda falta ou impede o envio (`POST /v1/posts/{id}/submit`); vazio nos demais posts.',
    }),
    rejectionReason: z.string().nullable().meta({
      description: 'O motivo da última recusa, quando o post voltou a rascunho por uma recusa.',
    }),
    series: z
      .object({ id: idSchema('series'), index: z.int() })
      .nullable()
      .meta({
        description:
          'A série (post recorrente) de que o post é uma ocorrência, e a posição dele nela; null num post avulso.',
      }),
    evergreen: z.boolean().meta({
      description: 'Se o post volta nos horários vazios de uma agenda com a fila evergreen.',
    }),
    evergreenCaptions: z.array(z.string()).meta({
      description: 'As legendas alternativas usadas em rodízio pelas cópias; vazio sem variações.',
    }),
    recycledFrom: idSchema('post').nullable().meta({
      description:
        'O post evergreen de que este é uma cópia, criada num horário vazio; null nos demais.',
    }),
    links: z.object({ api: z.url() }),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Post' });

export const postResponseSchema = successResponse({ post: postSchema });
export const postListResponseSchema = successResponse({
  total: z.int(),
  posts: z.array(postSchema),
});

/** The longest note an approval or a rejection carries. */
const reviewTextSchema = safeString().min(1).max(NOTE_MAX_LENGTH);

export const approvePostBodySchema = z
  .strictObject({
    note: reviewTextSchema.optional().meta({ description: 'Um comentário para quem escreveu.' }),
    scheduledFor: z
      .union([z.literal('now'), offsetDateTimeSchema])
      .optional()
      .meta({
        description:
          'Um novo horário, ou "now" para publicar já. Obrigatório quando o horário do post passou enquanto ele aguardava (`APPROVAL_TIME_PASSED`).',
      }),
    timezone: timezoneSchema.optional(),
  })
  .optional()
  .transform((body) => body ?? {})
  .meta({ id: 'ApprovePostBody' });

export const rejectPostBodySchema = z
  .strictObject({
    reason: reviewTextSchema.meta({ description: 'Por que o post volta a rascunho.' }),
  })
  .meta({ id: 'RejectPostBody' });
