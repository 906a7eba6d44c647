/**
 * Review links: an expiring, revocable address that lets someone without an account (a
 * client) see one post as it will look on Instagram and approve or reject it. The token
 * it carries is shown once and stored as a hash.
 */
import * as z from 'zod';
import {
  NOTE_MAX_LENGTH,
  REVIEW_LINK_LABEL_MAX_LENGTH,
  REVIEW_LINK_MAX_HOURS,
  REVIEW_LINK_MIN_HOURS,
} from '../vocabulary/limits';
import { MEDIA_TYPES, POST_KINDS, POST_STATUSES } from '../vocabulary/enums';
import { dateTimeSchema, idSchema, safeString, successResponse } from './common';

export const reviewLinkSchema = z
  .object({
    id: idSchema('reviewLink'),
    postId: idSchema('post'),
    label: z.string().nullable().meta({ description: 'Para quem o link foi enviado.' }),
    createdAt: dateTimeSchema,
    expiresAt: dateTimeSchema,
  })
  .meta({ id: 'ReviewLink', description: 'Um link de revisão de um post, ainda válido.' });

export const createdReviewLinkSchema = reviewLinkSchema
  .extend({
    url: z.url().meta({
      description:
        'O endereço (`<REELAY_PUBLIC_URL>/review/<token>`); aparece só nesta resposta. Quem o tem vê o post e pode aprová-lo ou recusá-lo até ele expirar ou ser revogado.',
    }),
  })
  .meta({ id: 'CreatedReviewLink' });

export const createReviewLinkBodySchema = z
  .strictObject({
    expiresInHours: z
      .int()
      .min(REVIEW_LINK_MIN_HOURS, {
        error: `de ${REVIEW_LINK_MIN_HOURS} a ${REVIEW_LINK_MAX_HOURS} horas`,
      })
      .max(REVIEW_LINK_MAX_HOURS, {
        error: `de ${REVIEW_LINK_MIN_HOURS} a ${REVIEW_LINK_MAX_HOURS} horas`,
      })
      .meta({
        description: `Quanto tempo o link vale: de ${REVIEW_LINK_MIN_HOURS} a ${REVIEW_LINK_MAX_HOURS} horas (30 dias).`,
      }),
    label: safeString().trim().min(1).max(REVIEW_LINK_LABEL_MAX_LENGTH).optional().meta({
      description: 'Para quem o link vai (ex.: "Ana, da Padaria"); aparece no histórico.',
    }),
  })
  .meta({ id: 'CreateReviewLinkBody' });

export const createdReviewLinkResponseSchema = successResponse({
  reviewLink: createdReviewLinkSchema,
});
export const reviewLinkListResponseSchema = successResponse({
  reviewLinks: z.array(reviewLinkSchema),
});

/** The token of a review link, as its address carries it. */
const reviewTokenSchema = safeString()
  .min(16, { error: 'o link de revisão não é válido' })
  .max(200, { error: 'o link de revisão não é válido' });

export const reviewTokenBodySchema = z
  .strictObject({ token: reviewTokenSchema })
  .meta({ id: 'ReviewTokenBody' });

const commentSchema = safeString().trim().min(1).max(NOTE_MAX_LENGTH);

export const reviewApproveBodySchema = z
  .strictObject({
    token: reviewTokenSchema,
    comment: commentSchema.optional().meta({ description: 'Um comentário para a equipe.' }),
    publishNow: z.boolean().optional().meta({
      description:
        'true publica já: necessário quando o horário do post passou enquanto ele aguardava (`APPROVAL_TIME_PASSED`).',
    }),
  })
  .meta({ id: 'ReviewApproveBody' });

export const reviewRejectBodySchema = z
  .strictObject({
    token: reviewTokenSchema,
    comment: commentSchema.meta({ description: 'O que mudar; o post volta a rascunho.' }),
  })
  .meta({ id: 'ReviewRejectBody' });

/** The post as the review page shows it: what will be published, and where. */
export const reviewSchema = z
  .object({
    post: z.object({
      id: idSchema('post'),
      status: z.enum(POST_STATUSES),
      kind: z.enum(POST_KINDS),
      content: z.string(),
      scheduledFor: dateTimeSchema.nullable(),
      timezone: z.string(),
      mediaItems: z.array(z.object({ type: z.enum(MEDIA_TYPES), url: z.string() })),
      accounts: z.array(z.object({ username: z.string().nullable() })),
    }),
    projectName: z.string(),
    label: z.string().nullable(),
    expiresAt: dateTimeSchema,
    canDecide: z.boolean().meta({
      description: 'true enquanto o post aguarda aprovação: o link pode aprová-lo ou recusá-lo.',
    }),
  })
  .meta({ id: 'Review', description: 'Um post visto por um link de revisão.' });

export const reviewResponseSchema = successResponse({ review: reviewSchema });
