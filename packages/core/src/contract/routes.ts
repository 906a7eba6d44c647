/**
 * The contract table: every route of spec §4 plus the built-in login routes and the
 * OpenAPI document. Summaries and descriptions are Portuguese (spec §1). Each area's
 * routes live in their own module; the table joins them in one order, which is the order
 * of the OpenAPI document, the SDK and the CLI.
 */
import { accountRoutes } from './account-routes';
import { activityRoutes } from './activity-routes';
import { approvalRoutes } from './approval-routes';
import { commentRoutes } from './comment-routes';
import { snippetRoutes } from './snippet-routes';
import { seriesRoutes } from './series-routes';
import { feedRoutes } from './feed-routes';
import { healthRoutes } from './health-routes';
import { integrationRoutes } from './integration-routes';
import { loginRoutes } from './login-routes';
import { mediaLibraryRoutes } from './media-library-routes';
import { mediaUploadRoutes } from './media-upload-routes';
import { platformCallbackRoutes } from './platform-callback-routes';
import { postRoutes } from './post-routes';
import { profileRoutes } from './profile-routes';
import { reviewLinkRoutes } from './review-link-routes';
import { slotRoutes } from './slot-routes';
import { teamRoutes } from './team-routes';
import { webhookRoutes } from './webhook-routes';
import type { RouteDefinition } from './route';

export const routes = {
  ...healthRoutes,
  ...loginRoutes,
  ...accountRoutes,
  ...teamRoutes,
  ...profileRoutes,
  ...integrationRoutes,
  ...slotRoutes,
  ...postRoutes,
  ...seriesRoutes,
  ...feedRoutes,
  ...approvalRoutes,
  ...reviewLinkRoutes,
  ...activityRoutes,
  ...commentRoutes,
  ...mediaUploadRoutes,
  ...mediaLibraryRoutes,
  ...snippetRoutes,
  ...webhookRoutes,
  ...platformCallbackRoutes,
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

/** The table as a list, in declaration order. */
export const ROUTES: readonly RouteDefinition[] = Object.values(routes);
