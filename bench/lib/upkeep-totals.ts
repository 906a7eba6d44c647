/** What a simulated stretch of the server's schedule cost (fixtures/serve-upkeep.ts). */
export interface UpkeepTotals {
  minutes: number;
  /** CPU ms the server spent in each task, and in the queue (`jobs`). */
  cpuMs: Record<string, number>;
  runs: Record<string, number>;
  wallMs: number;
  /** Platform calls by kind (`{id}/comments`, or with the error code when refused). */
  calls: Record<string, number>;
  /** Comments people made on the emulator, and those the inbox holds at the end. */
  commentsMade: number;
  commentsInInbox: number;
  /** The longest a due account read waited at the end of any minute, in ms. */
  maxPollLatenessMs: number;
  pollLatenessAtEndMs: number;
  peakRssBytes: number;
}
