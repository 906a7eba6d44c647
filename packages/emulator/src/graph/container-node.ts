import type { Container } from '../state/types';
import { containerStatus, statusText } from './container-status';
import type { NodeType } from './node-type';

/**
 * A media container as `GET /{container-id}?fields=status_code,status` shows it
 * (reference §2 "Container status").
 */
export const containerNode: NodeType<Container> = {
  name: 'ShadowIGMediaBuilder',
  fields: {
    id: (c) => c.id,
    status_code: (c, ctx) => containerStatus(ctx, c).code,
    status: (c, ctx) => statusText(containerStatus(ctx, c)),
    copyright_check_status: (c, ctx) => {
      if (c.videoUrl === undefined) return undefined;
      const code = containerStatus(ctx, c).code;
      return { status: code === 'IN_PROGRESS' ? 'in_progress' : 'completed', matches_found: false };
    },
  },
};
