/**
 * The inbox: comments on the project's Instagram media, mentions of its accounts, saved
 * replies, and the Meta webhook callback that brings comments in as they are written.
 */
import * as z from 'zod';
import { COMMENT_FILTERS, COMMENT_STATUSES, MENTION_KINDS } from '../vocabulary/enums';
import {
  COMMENT_MESSAGE_MAX_LENGTH,
  COMMENT_SEARCH_MAX_LENGTH,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  PRIVATE_REPLY_MAX_BYTES,
  SAVED_REPLY_TITLE_MAX_LENGTH,
} from '../vocabulary/limits';
import {
  dateTimeSchema,
  idSchema,
  offsetDateTimeSchema,
  paginationQueryShape,
  profileFilterSchema,
  safeString,
  successResponse,
} from './common';

const utf8 = new TextEncoder();

const platformIdText = z.string().meta({ description: 'Id do Instagram, exato, como texto.' });

/** A comment or a reply, without its thread. */
export const commentReplySchema = z
  .object({
    id: idSchema('comment'),
    platformCommentId: platformIdText,
    integrationId: idSchema('integration'),
    postId: idSchema('post')
      .nullable()
      .meta({ description: 'O post do Reelay comentado, ou null numa mídia feita fora dele.' }),
    platformMediaId: platformIdText,
    parentId: idSchema('comment').nullable().meta({
      description: 'O comentário respondido (`cmt_…`); null num comentário de primeiro nível.',
    }),
    username: z.string().nullable().meta({ description: 'Quem comentou (@ sem a arroba).' }),
    text: z.string(),
    createdAt: dateTimeSchema.meta({ description: 'Quando foi escrito, segundo o Instagram.' }),
    hidden: z.boolean().meta({ description: 'Oculto no Instagram (por aqui ou pelo app).' }),
    deleted: z.boolean().meta({ description: 'Apagado no Instagram: fica aqui só como registro.' }),
    status: z.enum(COMMENT_STATUSES),
    fromSelf: z.boolean().meta({
      description: 'Escrito pela própria conta (daqui ou do Instagram): nunca conta como novo.',
    }),
    assigneeId: idSchema('user')
      .nullable()
      .meta({ description: 'O membro do projeto encarregado de responder, ou null.' }),
    privateReplySentAt: dateTimeSchema
      .nullable()
      .meta({ description: 'Quando a resposta privada (mensagem direta) foi enviada, ou null.' }),
  })
  .meta({ id: 'CommentReply', description: 'Uma resposta num fio de comentários.' });

export const commentSchema = commentReplySchema
  .extend({
    replies: z
      .array(commentReplySchema)
      .meta({ description: 'As respostas do fio, da mais antiga para a mais nova.' }),
  })
  .meta({
    id: 'Comment',
    description: 'Um comentário numa mídia de uma conta do projeto, com o seu fio.',
  });

export const commentResponseSchema = successResponse({ comment: commentSchema });
export const commentListResponseSchema = successResponse({
  total: z.int().meta({ description: 'Quantos comentários casam com os filtros.' }),
  comments: z.array(commentSchema),
});

export const listCommentsQuerySchema = z.object({
  accountId: idSchema('integration').optional().meta({ description: 'Só desta conta.' }),
  profileId: profileFilterSchema.optional(),
  postId: idSchema('post').optional().meta({ description: 'Só deste post.' }),
  status: z.enum(COMMENT_FILTERS).optional().meta({
    description:
      'Estado do fio (`unread`, `read`, `replied`), ou `hidden` para os ocultos. Sem ele, todos.',
  }),
  assigneeId: idSchema('user')
    .optional()
    .meta({ description: 'Só os encarregados a este membro.' }),
  since: offsetDateTimeSchema
    .optional()
    .meta({ description: 'Só comentários escritos a partir deste instante.' }),
  q: safeString()
    .trim()
    .min(1)
    .max(COMMENT_SEARCH_MAX_LENGTH)
    .optional()
    .meta({ description: 'Texto ou @ de quem comentou, em qualquer parte do fio.' }),
  ...paginationQueryShape,
});

const messageSchema = safeString()
  .trim()
  .min(1, { error: 'a mensagem não pode ficar vazia' })
  .max(COMMENT_MESSAGE_MAX_LENGTH, {
    error: `no máximo ${COMMENT_MESSAGE_MAX_LENGTH} caracteres`,
  });

const idempotencyKeySchema = safeString()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, { error: `no máximo ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres` })
  .optional()
  .meta({
    description:
      'Reusar a chave numa nova tentativa devolve o que a primeira fez, sem escrever de novo no Instagram. Sem ela, a mesma mensagem ao mesmo comentário em 24 horas conta como a mesma.',
  });

export const replyToCommentBodySchema = z
  .strictObject({ message: messageSchema, idempotencyKey: idempotencyKeySchema })
  .meta({ id: 'ReplyToCommentBody' });

export const commentOnPostBodySchema = z
  .strictObject({
    message: messageSchema,
    accountId: idSchema('integration')
      .optional()
      .meta({ description: 'A conta que comenta; obrigatória quando o post saiu em mais de uma.' }),
    idempotencyKey: idempotencyKeySchema,
  })
  .meta({ id: 'CommentOnPostBody' });

export const privateReplyBodySchema = z
  .strictObject({
    message: safeString()
      .trim()
      .min(1, { error: 'a mensagem não pode ficar vazia' })
      .refine((text) => utf8.encode(text).length <= PRIVATE_REPLY_MAX_BYTES, {
        error: `no máximo ${PRIVATE_REPLY_MAX_BYTES} bytes em UTF-8`,
      }),
    idempotencyKey: idempotencyKeySchema,
  })
  .meta({ id: 'PrivateReplyBody' });

export const updateCommentBodySchema = z
  .strictObject({
    status: z.enum(COMMENT_STATUSES).optional(),
    assigneeId: idSchema('user')
      .nullable()
      .optional()
      .meta({ description: 'Um membro do projeto, ou null para ninguém.' }),
  })
  .refine((body) => body.status !== undefined || body.assigneeId !== undefined, {
    error: 'informe status ou assigneeId',
  })
  .meta({ id: 'UpdateCommentBody' });

export const setCommentingBodySchema = z
  .strictObject({
    enabled: z.boolean().meta({ description: 'true ativa os comentários; false desativa.' }),
    accountId: idSchema('integration')
      .optional()
      .meta({ description: 'Só nesta conta; sem ela, em todas em que o post saiu.' }),
  })
  .meta({ id: 'SetCommentingBody' });

export const commentingResponseSchema = successResponse({
  enabled: z.boolean(),
  accounts: z.array(idSchema('integration')).meta({ description: 'As contas alteradas.' }),
});

export const syncCommentsBodySchema = z
  .strictObject({
    accountId: idSchema('integration').optional().meta({ description: 'Só esta conta.' }),
  })
  .optional()
  .transform((body) => body ?? {})
  .meta({ id: 'SyncCommentsBody' });

export const syncCommentsResponseSchema = successResponse({
  media: z.int().meta({ description: 'Mídias lidas.' }),
  newComments: z.int().meta({ description: 'Comentários novos encontrados.' }),
});

export const mentionSchema = z
  .object({
    id: idSchema('mention'),
    integrationId: idSchema('integration'),
    kind: z.enum(MENTION_KINDS),
    platformMediaId: platformIdText,
    platformCommentId: platformIdText.nullable(),
    username: z.string().nullable(),
    text: z.string().nullable().meta({ description: 'O comentário, ou a legenda, que menciona.' }),
    permalink: z.string().nullable(),
    createdAt: dateTimeSchema.nullable(),
    receivedAt: dateTimeSchema,
  })
  .meta({
    id: 'Mention',
    description: 'Uma @menção a uma conta do projeto, num post de outra conta.',
  });

export const listMentionsQuerySchema = z.object({
  accountId: idSchema('integration').optional().meta({ description: 'Só desta conta.' }),
  ...paginationQueryShape,
});

export const mentionListResponseSchema = successResponse({
  total: z.int(),
  mentions: z.array(mentionSchema),
});

export const savedReplySchema = z
  .object({
    id: idSchema('savedReply'),
    title: z.string(),
    text: z.string(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'SavedReply', description: 'Uma resposta pronta do projeto.' });

export const createSavedReplyBodySchema = z
  .strictObject({
    title: safeString().trim().min(1).max(SAVED_REPLY_TITLE_MAX_LENGTH),
    text: messageSchema,
  })
  .meta({ id: 'CreateSavedReplyBody' });

export const savedReplyResponseSchema = successResponse({ savedReply: savedReplySchema });
export const savedReplyListResponseSchema = successResponse({
  savedReplies: z.array(savedReplySchema),
});

/** Meta's verification handshake (reference §10.5): `hub.*` in the query. */
export const metaWebhookVerifyQuerySchema = z.object({
  'hub.mode': safeString().max(50).meta({ description: 'Sempre `subscribe`.' }),
  'hub.challenge': safeString().max(200).meta({ description: 'O número a devolver.' }),
  'hub.verify_token': safeString()
    .max(500)
    .meta({ description: 'Tem de ser `META_WEBHOOK_VERIFY_TOKEN`.' }),
});

/**
 * A Meta notification batch, read loosely: Meta adds fields, and the signature, not the
 * shape, is what is checked first.
 */
export const metaWebhookBodySchema = z
  .looseObject({
    object: safeString().max(50),
    entry: z.array(z.looseObject({ id: z.union([z.string(), z.number()]).optional() })),
  })
  .meta({ id: 'MetaWebhookBody' });

/** The `data` of a `comment.received` webhook event. */
export const webhookCommentDataSchema = z.object({
  comment: commentReplySchema.extend({
    profileId: idSchema('profile').nullable(),
    accountUsername: z.string().nullable().meta({ description: 'A conta comentada.' }),
  }),
});
