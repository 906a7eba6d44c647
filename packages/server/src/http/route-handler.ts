/**
 * What a route handler receives and returns, typed from the contract table: the parsed
 * path, query and body of its route, and one of the route's declared answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProjectRole, RouteId, Routes } from '@reelay/core';
import type * as z from 'zod';
import type { AuthContext } from './authenticate';
import type { Actor } from '../services/posts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

type RequestOf<Id extends RouteId> = Routes[Id]['request'];

export interface RouteInput<Id extends RouteId> {
  params: RequestOf<Id> extends { params: infer P } ? Output<P> : Record<string, never>;
  query: RequestOf<Id> extends { query: infer Q } ? Output<Q> : Record<string, never>;
  body: RequestOf<Id> extends { body: infer B } ? Output<B[keyof B]> | undefined : undefined;
}

/** One of the answers a route declares, by status. */
export type RouteResult<Id extends RouteId> = {
  [Status in keyof Routes[Id]['responses']]: {
    status: Status;
    body: Routes[Id]['responses'][Status] extends { schema: infer S } ? Input<S> : undefined;
    headers?: Record<string, string>;
  };
}[keyof Routes[Id]['responses']];

export interface RequestContext {
  auth: AuthContext;
  requestId: string;
  /** The caller's address (from `x-forwarded-for` only behind a trusted proxy). */
  ip: string;
  req: IncomingMessage;
  res: ServerResponse;
}

export type RouteHandler<Id extends RouteId> = (
  input: RouteInput<Id>,
  context: RequestContext,
) => Promise<RouteResult<Id>>;

/** Handlers by route id. */
export type RouteHandlers = { [Id in RouteId]?: RouteHandler<Id> };

/** The auth context of a project-scoped (K) route. */
export function projectOf(context: RequestContext): string {
  if (context.auth.mode !== 'project') throw new Error('rota sem projeto');
  return context.auth.projectId;
}

/** The user of a Bearer-only (B) route. */
export function userOf(context: RequestContext): string {
  if (context.auth.mode !== 'bearer') throw new Error('rota sem usuário');
  return context.auth.userId;
}

/** The user of a Bearer-only route under `/v1/projects/{id}`, with their role there. */
export function memberOf(context: RequestContext): {
  userId: string;
  projectId: string;
  role: ProjectRole;
} {
  if (context.auth.mode !== 'bearer' || !context.auth.project) {
    throw new Error('rota sem projeto no caminho');
  }
  const { userId, project } = context.auth;
  return { userId, projectId: project.id, role: project.role };
}

/**
 * Who is acting in a project route, for the activity trail: the member behind a Bearer
 * token, or the API key.
 */
export function actorOf(context: RequestContext): Actor {
  if (context.auth.mode !== 'project') throw new Error('rota sem projeto');
  const { userId, apiKeyId, role } = context.auth;
  return userId !== null
    ? { kind: 'member', id: userId, role }
    : { kind: 'key', id: apiKeyId, role };
}
