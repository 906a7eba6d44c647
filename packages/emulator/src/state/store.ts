import type {
  FacebookCode,
  FacebookPage,
  FacebookToken,
  FacebookUser,
} from '../facebook/facebook-types';
import { GroupedMap } from './grouped-map';
import { RollingWindow } from './rolling-window';
import type {
  AccessToken,
  Account,
  AppSubscription,
  AuthCode,
  Comment,
  Commenter,
  Container,
  ForeignMedia,
  Media,
} from './types';

/** 24 hours, the length of every rolling window and of a container's life. */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** One hour, the window of the optional comment-write limit. */
export const HOUR_MS = 60 * 60 * 1000;

/** Everything the emulator holds in memory; `clear()` forgets it all. */
export class Store {
  /** Accounts by id; add them with `addAccount` so the username index follows. */
  readonly accounts = new Map<string, Account>();
  /** Account ids by lower-case username: a bulk seed of 100,000 checks each name once. */
  private readonly accountIdsByUsername = new Map<string, string>();
  readonly codes = new Map<string, AuthCode>();
  readonly tokens = new Map<string, AccessToken>();
  readonly containers = new Map<string, Container>();
  /** Published media, grouped by account. */
  readonly media = new GroupedMap<Media>((media) => media.accountId);
  /** Carousel items by their own media id; they are not listed as top-level media. */
  readonly childMedia = new Map<string, { parentId: string; index: number }>();
  /** Comments and replies, grouped by the media they are on, oldest first. */
  readonly comments = new GroupedMap<Comment>((comment) => comment.mediaId);
  /** People seen in comments, by lower-case username. */
  readonly commenters = new Map<string, Commenter>();
  /** Posts of people outside the emulator that mention or tag an account. */
  readonly foreignMedia = new Map<string, ForeignMedia>();
  /** Instagram Login: accounts that subscribed the app to their webhooks. */
  readonly accountSubscriptions = new Map<string, AppSubscription>();
  /** Facebook Login: Pages that subscribed the app to their webhooks. */
  readonly pageSubscriptions = new Map<string, AppSubscription>();
  /** Graph calls per account, for `X-Business-Use-Case-Usage`. */
  readonly calls = new RollingWindow(DAY_MS);
  /** Comment writes per account, for `commentWritesPerHour`. */
  readonly commentWrites = new RollingWindow(HOUR_MS);
  /** `media_publish` calls that published, per account. */
  readonly publishes = new RollingWindow(DAY_MS);
  /** Containers created, per account; a carousel of N items uses N + 1. */
  readonly creations = new RollingWindow(DAY_MS);
  /** Facebook Login: people, their Pages, dialog codes and user and Page tokens. */
  readonly facebookUsers = new Map<string, FacebookUser>();
  readonly pages = new Map<string, FacebookPage>();
  readonly facebookCodes = new Map<string, FacebookCode>();
  readonly facebookTokens = new Map<string, FacebookToken>();

  addAccount(account: Account): void {
    this.accounts.set(account.id, account);
    this.accountIdsByUsername.set(account.username.toLowerCase(), account.id);
  }

  accountByUsername(username: string): Account | undefined {
    const id = this.accountIdsByUsername.get(username.toLowerCase());
    return id === undefined ? undefined : this.accounts.get(id);
  }

  clear(): void {
    this.accounts.clear();
    this.accountIdsByUsername.clear();
    this.codes.clear();
    this.tokens.clear();
    this.containers.clear();
    this.media.clear();
    this.childMedia.clear();
    this.comments.clear();
    this.commenters.clear();
    this.foreignMedia.clear();
    this.accountSubscriptions.clear();
    this.pageSubscriptions.clear();
    this.calls.clear();
    this.commentWrites.clear();
    this.publishes.clear();
    this.creations.clear();
    this.facebookUsers.clear();
    this.pages.clear();
    this.facebookCodes.clear();
    this.facebookTokens.clear();
  }
}
