/** The inbox's limits as the web app writes them are still the contract's. */
import * as core from '@reelay/core';
import { describe, expect, it } from 'vitest';
import {
  COMMENT_MESSAGE_MAX_LENGTH,
  COMMENT_SEARCH_MAX_LENGTH,
  PRIVATE_REPLY_MAX_BYTES,
  PRIVATE_REPLY_WINDOW_DAYS,
  privateReplyOpen,
  SAVED_REPLY_TITLE_MAX_LENGTH,
  utf8Bytes,
} from './comment-limits';

describe("the inbox's limits", () => {
  it('equal the contract', () => {
    expect({
      COMMENT_MESSAGE_MAX_LENGTH,
      COMMENT_SEARCH_MAX_LENGTH,
      PRIVATE_REPLY_MAX_BYTES,
      PRIVATE_REPLY_WINDOW_DAYS,
      SAVED_REPLY_TITLE_MAX_LENGTH,
    }).toEqual({
      COMMENT_MESSAGE_MAX_LENGTH: core.COMMENT_MESSAGE_MAX_LENGTH,
      COMMENT_SEARCH_MAX_LENGTH: core.COMMENT_SEARCH_MAX_LENGTH,
      PRIVATE_REPLY_MAX_BYTES: core.PRIVATE_REPLY_MAX_BYTES,
      PRIVATE_REPLY_WINDOW_DAYS: core.PRIVATE_REPLY_WINDOW_DAYS,
      SAVED_REPLY_TITLE_MAX_LENGTH: core.SAVED_REPLY_TITLE_MAX_LENGTH,
    });
  });

  it('count a private message in UTF-8 bytes, as Instagram does', () => {
    expect(utf8Bytes('Olá')).toBe(4);
    expect(utf8Bytes('☕')).toBe(3);
  });

  it('offer a private reply only on a stranger’s comment of the last 7 days, once', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const comment = {
      fromSelf: false,
      deleted: false,
      privateReplySentAt: null,
      createdAt: '2026-11-22T12:00:01Z',
    };
    expect(privateReplyOpen(comment, now)).toBe(true);
    expect(privateReplyOpen({ ...comment, createdAt: '2026-11-21T12:00:00Z' }, now)).toBe(false);
    expect(privateReplyOpen({ ...comment, fromSelf: true }, now)).toBe(false);
    expect(privateReplyOpen({ ...comment, deleted: true }, now)).toBe(false);
    expect(privateReplyOpen({ ...comment, privateReplySentAt: '2026-11-23T00:00:00Z' }, now)).toBe(
      false,
    );
  });
});
