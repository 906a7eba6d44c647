/**
 * Options only one way of connecting an account allows (reference §0, §2): product tags
 * need Instagram's Facebook Login integration (a Page, a catalog and the shopping
 * permissions); an account connected with Instagram Login cannot use them. Checked when a
 * post is accepted or edited, so the refusal comes at once and names the option, instead
 * of a platform failure at publication.
 */
import type { InstagramOptions } from '../schemas/posts';
import type { LoginMode } from '../vocabulary/enums';
import { FACEBOOK_LOGIN_ONLY_OPTIONS } from '../vocabulary/post-options';
import { validationError, type ValidationIssue } from '../validation/validation-error';

const OPTION_NAMES: Record<(typeof FACEBOOK_LOGIN_ONLY_OPTIONS)[number], string> = {
  productTags: 'produtos marcados',
};

/** One target of a post as this rule sees it: its options and its account's login. */
export interface LoginModeTarget {
  readonly options?: InstagramOptions | undefined;
  /** How the target's account was connected. */
  readonly loginMode: LoginMode;
}

/**
 * The options of each target its account's login does not allow, as issues naming
 * `platforms[N].options.<option>`.
 *
 * @example
 * ```ts
 * loginModeIssues([{ loginMode: 'instagram', options: { productTags: [{ productId: '1', x: 0, y: 0 }] } }]);
 * // [{ field: 'platforms[0].options.productTags', message: 'a conta foi conectada com o Login do Instagram; …' }]
 * ```
 */
export function loginModeIssues(targets: readonly LoginModeTarget[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  targets.forEach((target, index) => {
    if (target.loginMode === 'facebook' || !target.options) return;
    for (const option of FACEBOOK_LOGIN_ONLY_OPTIONS) {
      if (target.options[option] === undefined) continue;
      issues.push({
        field: `platforms[${index}].options.${option}`,
        message: `a conta foi conectada com o Login do Instagram, e ${OPTION_NAMES[option]} (${option}) exigem uma conta conectada com o Login do Facebook; reconecte a conta pelo Facebook ou retire a opção`,
      });
    }
  });
  return issues;
}

/**
 * Throws `VALIDATION_ERROR` (400) naming the first option a target's login does not
 * allow; returns when every option fits.
 *
 * @example
 * ```ts
 * assertLoginModeOptions(body.platforms.map((target, i) => ({ options: target.options, loginMode: accounts[i].loginMode })));
 * ```
 */
export function assertLoginModeOptions(targets: readonly LoginModeTarget[]): void {
  const issues = loginModeIssues(targets);
  if (issues.length > 0) throw validationError(issues);
}
