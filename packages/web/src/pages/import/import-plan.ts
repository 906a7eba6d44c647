/**
 * The import page's dry run: core's CSV plan (`@reelay/core/bulk` through the SDK, the one
 * `reelay posts bulk` reads files with), the times read in the person's zone, and each row's accounts
 * looked up among the project's connected accounts, so a row naming an account the
 * project does not have is told before anything is sent.
 */
import { planBulkFile, type BulkFileProblem, type BulkProblem, type BulkRow } from '@reelay/sdk';
import type { Integration } from '../../components/project-accounts';

/** A problem of the page's own: an account the project does not have, or has twice. */
export interface AccountProblem {
  code: 'unknownAccount' | 'ambiguousAccount';
  column: 'accounts';
  values: { account: string; count: number };
}

export type ImportProblem = BulkProblem | AccountProblem;

export interface ImportRow extends Omit<BulkRow, 'problems'> {
  /** The accounts' ids, in the order written; empty while an account is unknown. */
  accountIds: string[];
  problems: ImportProblem[];
}

export type ImportPlan = { ok: true; rows: ImportRow[] } | { ok: false; problem: BulkFileProblem };

/** The id an account reference means: an `int_…` id of the project, or a username. */
function lookUp(reference: string, accounts: readonly Integration[]): Integration[] {
  if (/^int_[A-Za-z0-9]+$/.test(reference)) {
    return accounts.filter((account) => account.id === reference);
  }
  // Instagram usernames are case-insensitive; `@` is optional.
  const username = reference.replace(/^@/, '').toLowerCase();
  return accounts.filter((account) => account.displayName?.toLowerCase() === username);
}

/**
 * Plans a CSV text for the import page: core's rows and problems, plus the accounts.
 *
 * @example
 * ```ts
 * const plan = planImport(text, { timezone: 'America/Sao_Paulo', accounts, now: Date.now() });
 * if (plan.ok) plan.rows.filter((row) => row.problems.length === 0);
 * ```
 */
export function planImport(
  text: string,
  options: { timezone: string; accounts: readonly Integration[]; now?: number },
): ImportPlan {
  const plan = planBulkFile(text, {
    timezone: options.timezone,
    checkWindow: true,
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  if (!plan.ok) return plan;
  const rows: BulkRow[] = plan.rows;
  return {
    ok: true,
    rows: rows.map((row) => {
      const problems: ImportProblem[] = [...row.problems];
      const accountIds: string[] = [];
      for (const reference of row.accounts) {
        const found = lookUp(reference, options.accounts);
        if (found.length === 1) accountIds.push(found[0]!.id);
        else {
          problems.push({
            code: found.length === 0 ? 'unknownAccount' : 'ambiguousAccount',
            column: 'accounts',
            values: { account: reference, count: found.length },
          });
        }
      }
      return { ...row, accountIds, problems };
    }),
  };
}
