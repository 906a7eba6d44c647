import type { EmulatorContext } from '../emulator-context';
import { GraphError } from '../graph-error';
import { throttleError } from '../graph/business-usage';
import { deletedCommentError, hiddenCommentError } from '../graph/comment-threads';
import { faultError, type FaultSpec } from './fault-registry';

/** What the request a fault hit was: its method, the node it addressed and who it acts for. */
export interface FaultTarget {
  readonly method: string;
  /** The first path segment after the version: the node's id (or `me`). */
  readonly nodeId: string;
  readonly accountId: string | undefined;
}

/**
 * The error a fault answers: its `kind`'s ready-made error (see `FaultSpec.kind`) adjusted
 * by whatever else the fault names, or without a kind the error it describes.
 *
 * @example
 * ```ts
 * faultAnswer(ctx, { path: '/comments', kind: 'rate-limit' }, target).code; // 80002
 * ```
 */
export function faultAnswer(
  ctx: EmulatorContext,
  fault: FaultSpec,
  target: FaultTarget,
): GraphError {
  if (fault.kind === undefined) return faultError(fault);
  let base: GraphError;
  switch (fault.kind) {
    case 'rate-limit':
      base = throttleError(ctx, target.accountId, fault.regainAccessMinutes ?? 60);
      break;
    case 'comment-deleted':
      base = deletedCommentError(ctx, target.method, target.nodeId);
      break;
    case 'comment-hidden':
      base = hiddenCommentError();
      break;
  }
  return new GraphError({
    message: fault.message ?? base.message,
    code: fault.code ?? base.code,
    subcode: fault.subcode ?? base.subcode,
    type: fault.type ?? base.type,
    isTransient: fault.isTransient ?? base.isTransient,
    userTitle: fault.userTitle ?? base.userTitle,
    userMsg: fault.userMsg ?? base.userMsg,
    status: fault.status ?? base.status,
    headers: base.headers,
  });
}
