/**
 * Callbacks the platform owner calls (spec §4 "Platform callbacks"): deauthorisation and
 * data deletion, each verified by a `signed_request`.
 */
import * as z from 'zod';
import { DATA_DELETION_STATUSES } from '../vocabulary/enums';
import { dateTimeSchema, safeString, successResponse } from './common';

/** The form Meta posts (`application/x-www-form-urlencoded`); other fields are ignored. */
export const signedRequestFormSchema = z
  .looseObject({
    signed_request: safeString().min(1, { error: 'signed_request é obrigatório' }),
  })
  .meta({ id: 'SignedRequestForm' });

export const deauthorizeResponseSchema = successResponse({});

export const dataDeletionResponseSchema = successResponse({
  url: z.url().meta({ description: 'Onde a pessoa acompanha o pedido de exclusão.' }),
  confirmation_code: z.string().meta({ description: 'Código alfanumérico do pedido.' }),
});

export const dataDeletionStatusPathSchema = z.object({ code: safeString().min(1).max(64) });

export const dataDeletionStatusResponseSchema = successResponse({
  confirmationCode: z.string(),
  status: z.enum(DATA_DELETION_STATUSES),
  requestedAt: dateTimeSchema,
  completedAt: dateTimeSchema.nullable(),
});
