/**
 * Every migration, in order. Listed in code (not read from a folder) so the bundled
 * server carries them; names sort by date.
 */
import type { Migration } from 'kysely/migration';
import * as accounts from './2026-11-21-001-accounts';
import * as publishing from './2026-11-21-002-publishing';
import * as media from './2026-11-21-003-media';
import * as webhooks from './2026-11-21-004-webhooks';
import * as oauthStates from './2026-11-23-005-oauth-states';
import * as keyChecks from './2026-11-23-006-key-checks';
import * as loginModes from './2026-11-23-007-login-modes';
import * as postInsights from './2026-11-24-008-post-insights';
import * as postingSlots from './2026-11-24-009-posting-slots';
import * as mediaLibrary from './2026-11-24-010-media-library';
import * as redeliveries from './2026-11-24-011-redeliveries';
import * as containerCreations from './2026-11-24-012-container-creations';
import * as storeChecks from './2026-11-27-013-store-checks';
import * as teams from './2026-11-28-014-teams';
import * as activity from './2026-11-28-015-activity';
import * as approvals from './2026-11-28-016-approvals';
import * as reviewLinks from './2026-11-28-017-review-links';
import * as inbox from './2026-11-28-018-inbox';
import * as snippets from './2026-11-28-019-snippets';
import * as mediaUpkeep from './2026-11-28-020-media-upkeep';
import * as series from './2026-11-28-021-series';
import * as evergreen from './2026-11-28-022-evergreen';
import * as feeds from './2026-11-28-023-feeds';
import * as videoUploads from './2026-11-28-024-video-uploads';
import * as listIndexes from './2026-11-28-025-list-indexes';
import * as accountPolls from './2026-11-28-026-account-polls';

export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-001-accounts': accounts,
  '2026-11-21-002-publishing': publishing,
  '2026-11-21-003-media': media,
  '2026-11-21-004-webhooks': webhooks,
  '2026-11-23-005-oauth-states': oauthStates,
  '2026-11-23-006-key-checks': keyChecks,
  '2026-11-23-007-login-modes': loginModes,
  '2026-11-24-008-post-insights': postInsights,
  '2026-11-24-009-posting-slots': postingSlots,
  '2026-11-24-010-media-library': mediaLibrary,
  '2026-11-24-011-redeliveries': redeliveries,
  '2026-11-24-012-container-creations': containerCreations,
  '2026-11-27-013-store-checks': storeChecks,
  '2026-11-28-014-teams': teams,
  '2026-11-28-015-activity': activity,
  '2026-11-28-016-approvals': approvals,
  '2026-11-28-017-review-links': reviewLinks,
  '2026-11-28-018-inbox': inbox,
  '2026-11-28-019-snippets': snippets,
  '2026-11-28-020-media-upkeep': mediaUpkeep,
  '2026-11-28-021-series': series,
  '2026-11-28-022-evergreen': evergreen,
  '2026-11-28-023-feeds': feeds,
  '2026-11-28-024-video-uploads': videoUploads,
  '2026-11-28-025-list-indexes': listIndexes,
  '2026-11-28-026-account-polls': accountPolls,
};
