/**
 * `reelay doctor`: asks the server to check its own setup (`GET /v1/health/setup`) and
 * prints each check with what to do. Exits 0 when no check failed (warnings allowed)
 * and 2 when at least one did, so a deploy script can stop on it.
 */
import { CliError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { loadSettings } from '../settings';
import { currentLanguage, t, type MessageKey } from '../i18n';
import { describeSetupCheck, isSetupCheckReason } from '@reelay/core';

/** The mark of each status at the start of its line. */
const MARKS: Record<string, string> = { ok: '✓', warning: '!', error: '✗', skipped: '-' };

/** One check as the server answers it. */
interface DoctorCheck {
  id: string;
  status: string;
  reason?: string | undefined;
  message: string;
  fix?: string | undefined;
  details?: Record<string, unknown> | undefined;
}

/**
 * `reelay doctor [--json]`.
 *
 * @example
 * ```ts
 * await doctor(ctx); // throws CliError('usage') (exit 2) when a check is an error
 * ```
 */
export async function doctor(ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global);
  const answer = await (await projectClient(settings)).health.setup();
  ctx.out.result(answer, () => renderChecks(answer.checks));
  const errors = answer.checks.filter((check) => check.status === 'error').length;
  if (errors > 0) {
    throw new CliError('usage', t('doctor.failed', { count: errors }), { code: 'SETUP_ERRORS' });
  }
}

/** The human listing: a line per check, its fix indented under it, then the summary. */
function renderChecks(checks: readonly DoctorCheck[]): string {
  const lines = checks.flatMap((check) => {
    const { message, fix } = inLanguage(check);
    return [
      `${MARKS[check.status] ?? '?'} ${checkLabel(check.id)}: ${message}`,
      ...(fix && check.status !== 'ok' ? [`    ${t('doctor.fix')}: ${fix}`] : []),
    ];
  });
  const count = (status: string) => checks.filter((check) => check.status === status).length;
  lines.push(
    '',
    t('doctor.summary', { ok: count('ok'), warnings: count('warning'), errors: count('error') }),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The check's message and fix in the person's language, written from its `reason` and
 * `details` by core's table (the server's own are Portuguese); a reason this CLI does not
 * know yet keeps the server's words.
 */
function inLanguage(check: DoctorCheck): { message: string; fix?: string | undefined } {
  if (!isSetupCheckReason(check.reason)) return check;
  return describeSetupCheck(check.reason, check.details ?? {}, currentLanguage());
}

/** The check's name in the person's language; an id this CLI does not know yet as is. */
function checkLabel(id: string): string {
  const key = `doctor.check_${id}` as MessageKey;
  const label = t(key);
  return label === key ? id : label;
}
