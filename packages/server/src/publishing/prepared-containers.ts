/**
 * Containers prepared ahead of a post's time: the account's container budget asked before
 * preparing, containers too old to publish forgotten, and a prepared container that turns
 * out unusable at the time asked (expired, failed, unknown to the platform) made again at
 * once instead of failing the target or waiting for a retry.
 *
 * Instagram has no way to delete a container: one that is discarded (an edit, a cancel,
 * too old) is only forgotten, and expires unused 24 h after its creation.
 */
import { InstagramPlatformError } from '@reelay/core/platform';
import { countContainerCreations, recordContainerCreations } from '../store/container-creations';
import { lockIntegrationsForQuota } from '../store/integrations';
import { persist, type Run } from './pipeline-run';

/** The stored containers forgotten: the pipeline creates them again. */
const NO_CONTAINERS = {
  childrenIds: [] as string[],
  containerId: null,
  containerCreatedAt: null,
  containerReadyAt: null,
  videosUploadedAt: null,
};

/**
 * Whether the account's budget allows `count` more containers to be prepared ahead of
 * time, and if so reserves them (the creations that follow are already counted); the
 * answer goes to `run.observed.preparation`. The account is locked while counting, so
 * runs of many targets, on any instance, never reserve past the budget together.
 *
 * @example
 * ```ts
 * await reserveContainers(run, 4); // run.observed.preparation === 'allowed'
 * ```
 */
export async function reserveContainers(run: Run, count: number): Promise<void> {
  const { ctx, integration } = run;
  const now = ctx.clock.now();
  const { used, allowed } = await ctx.db.transaction().execute(async (trx) => {
    await lockIntegrationsForQuota(trx, ctx.capabilities, [integration.id]);
    const used = await countContainerCreations(trx, integration.id, now);
    const allowed = used + count <= run.settings.prepareContainerBudget;
    if (allowed) await recordContainerCreations(trx, integration.id, count, now);
    return { used, allowed };
  });
  run.observed.preparation = allowed ? 'allowed' : 'refused';
  if (!allowed) {
    run.ctx.logger.info('preparação antecipada adiada: orçamento de contêineres da conta', {
      targetId: run.target.id,
      used,
      budget: run.settings.prepareContainerBudget,
    });
  }
}

/**
 * Forgets the stored containers (too old to be published); `false` when the target changed
 * meanwhile and the run must stop.
 *
 * @example
 * ```ts
 * if (!(await discardContainers(run))) return stop;
 * ```
 */
export async function discardContainers(run: Run): Promise<boolean> {
  return persist(run, NO_CONTAINERS);
}

/** Platform answers saying a container can no longer be published. */
function saysContainerUnusable(error: unknown, wasFinished: boolean): boolean {
  if (!(error instanceof InstagramPlatformError) || error.outcome === 'unknown') return false;
  if (error.code === 'CONTAINER_EXPIRED') return true;
  const reason = error.details?.reason;
  // "Not ready" for a container the platform had called FINISHED means it failed since.
  return reason === 'container_not_found' || (reason === 'media_not_ready' && wasFinished);
}

/**
 * After `media_publish` refused a container prepared ahead of the time asked because it is
 * no longer usable: forgets it (and the attempt, which published nothing) so the run
 * creates it again at once. Once per run. `'remade'`: go on; `'stop'`: the target changed
 * meanwhile; `null`: this does not apply.
 *
 * @example
 * ```ts
 * const remade = await remakeLostContainer(run, error);
 * if (remade === 'remade') return 'next';
 * ```
 */
export async function remakeLostContainer(
  run: Run,
  error: unknown,
): Promise<'remade' | 'stop' | null> {
  const { target } = run;
  const prepared =
    target.scheduledFor !== null &&
    target.containerCreatedAt !== null &&
    target.containerCreatedAt < target.scheduledFor;
  if (run.remadeContainer || !prepared) return null;
  if (!saysContainerUnusable(error, target.containerReadyAt !== null)) return null;
  run.ctx.logger.warn('contêiner preparado inutilizável na hora da publicação; recriado', {
    targetId: target.id,
    containerId: target.containerId,
    code: error instanceof InstagramPlatformError ? error.code : undefined,
  });
  if (!(await persist(run, { ...NO_CONTAINERS, publishAttemptedAt: null }))) return 'stop';
  run.remadeContainer = true;
  run.observed = {};
  return 'remade';
}
