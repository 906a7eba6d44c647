import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the files that take minutes first, so that no worker begins one of them when the
 * others are nearly done: a clean checkout has no timings cached, and vitest would order by
 * file size, which says little about how long a file waits on processes and browsers.
 * Within each rank the default order holds.
 */
const RANKS: RegExp[] = [
  // Processes killed and restarted, databases cut, whole journeys: one to two minutes each.
  /(crash|outage|fuzz|end-to-end|journey|quickstart|install-from)[^/]*\.test\.ts$/,
  // Real browsers and whole-checkout runs: tens of seconds each.
  /packages\/web\/test\/|(^|\/)test\/[^/]+\.test\.ts$/,
];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll('\\', '/');
  const index = RANKS.findIndex((pattern) => pattern.test(path));
  return index === -1 ? RANKS.length : index;
}

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the default order holds within a rank.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
