/**
 * Pieces the contract's route modules share: path parameters and request bodies.
 */
import * as z from 'zod';
import { signedRequestFormSchema } from '../schemas/meta-callbacks';
import { pathIdSchema } from '../schemas/common';

/** `{id}` in a path. */
export const idParams = z.object({ id: pathIdSchema });
/** A project's `{id}` and its key's `{keyId}`. */
export const projectKeyParams = z.object({ id: pathIdSchema, keyId: pathIdSchema });
/** A project's `{id}` and a member's `{userId}`. */
export const projectMemberParams = z.object({ id: pathIdSchema, userId: pathIdSchema });
/** A project's `{id}` and an invitation's `{invitationId}`. */
export const projectInvitationParams = z.object({ id: pathIdSchema, invitationId: pathIdSchema });
/** A JSON body of a schema. */
export const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': schema });
/** Meta's `signed_request`, as a form or as JSON. */
export const signedRequestBody = {
  'application/x-www-form-urlencoded': signedRequestFormSchema,
  'application/json': signedRequestFormSchema,
};
