import type {
  FacebookCode,
  FacebookPage,
  FacebookToken,
  FacebookUser,
} from '../facebook/facebook-types';
import { RollingWindow } from './rolling-window';
import type { AccessToken, Account, AuthCode, Comment, Container, Media } from './types';

/** 24 hours, the length of every rolling window and of a container's life. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything the emulator holds in memory; `clear()` forgets it all. */
export class Store {
  readonly accounts = new Map<string, Account>();
  readonly codes = new Map<string, AuthCode>();
  readonly tokens = new Map<string, AccessToken>();
  readonly containers = new Map<string, Container>();
  readonly media = new Map<string, Media>();
  /** Carousel items by their own media id; they are not listed as top-level media. */
  readonly childMedia = new Map<string, { parentId: string; index: number }>();
  readonly comments = new Map<string, Comment>();
  /** `media_publish` calls that published, per account. */
  readonly publishes = new RollingWindow(DAY_MS);
  /** Containers created, per account; a carousel of N items uses N + 1. */
  readonly creations = new RollingWindow(DAY_MS);
  /** Facebook Login: people, their Pages, dialog codes and user and Page tokens. */
  readonly facebookUsers = new Map<string, FacebookUser>();
  readonly pages = new Map<string, FacebookPage>();
  readonly facebookCodes = new Map<string, FacebookCode>();
  readonly facebookTokens = new Map<string, FacebookToken>();

  accountByUsername(username: string): Account | undefined {
    const wanted = username.toLowerCase();
    for (const account of this.accounts.values()) {
      if (account.username.toLowerCase() === wanted) return account;
    }
    return undefined;
  }

  clear(): void {
    this.accounts.clear();
    this.codes.clear();
    this.tokens.clear();
    this.containers.clear();
    this.media.clear();
    this.childMedia.clear();
    this.comments.clear();
    this.publishes.clear();
    this.creations.clear();
    this.facebookUsers.clear();
    this.pages.clear();
    this.facebookCodes.clear();
    this.facebookTokens.clear();
  }
}
