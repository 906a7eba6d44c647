import { SCOPES, type Scope } from '../state/types';

/** The scope every Instagram Login authorization must ask for (reference §1a). */
export const REQUIRED_SCOPE: Scope = 'instagram_business_basic';

/**
 * Splits a `scope` parameter, comma- or space-separated (reference §1a accepts both),
 * into known scopes and the names the platform does not know.
 *
 * @example
 * ```ts
 * parseScopes('instagram_business_basic,instagram_business_content_publish');
 * ```
 */
export function parseScopes(text: string): { scopes: Scope[]; unknown: string[] } {
  const scopes: Scope[] = [];
  const unknown: string[] = [];
  for (const name of text.split(/[\s,]+/)) {
    if (name === '') continue;
    if ((SCOPES as readonly string[]).includes(name)) {
      if (!scopes.includes(name as Scope)) scopes.push(name as Scope);
    } else unknown.push(name);
  }
  return { scopes, unknown };
}

/** True for a list of known Instagram Login scopes. */
export function isScopeList(value: unknown): value is Scope[] {
  return Array.isArray(value) && value.every((s) => (SCOPES as readonly unknown[]).includes(s));
}
