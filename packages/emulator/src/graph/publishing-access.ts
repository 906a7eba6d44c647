import { permissionError } from '../graph-error';
import type { Caller } from '../oauth/tokens';
import type { Scope } from '../state/types';

/**
 * Publishing needs `instagram_business_content_publish` (reference §1a) and a professional
 * account: personal accounts cannot use the API (reference §0), which is why
 * `content_publishing_limit` works as a "can publish" probe (reference §1c).
 */
export function requirePublishing(caller: Caller): void {
  requireScope(caller, 'instagram_business_content_publish');
  if (caller.account.accountType === 'PERSONAL') {
    throw permissionError('The Instagram account is not a professional account and cannot publish');
  }
}

/** `(#10)` unless the token was granted `scope`. */
export function requireScope(caller: Caller, scope: Scope): void {
  if (!caller.token.scopes.includes(scope)) {
    throw permissionError(
      `Application does not have permission for this action (${scope} is required)`,
    );
  }
}
