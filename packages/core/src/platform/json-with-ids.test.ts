import { describe, expect, it } from 'vitest';
import { parseJsonKeepingIds } from './json-with-ids';

describe('parseJsonKeepingIds', () => {
  it('keeps every digit of a raw big-number user_id, as a string', () => {
    const text =
      '{"data":[{"access_token":"IGQ","user_id":17841400123456789012,"permissions":"a"}]}';
    // What plain JSON.parse would do: round the id.
    expect(String(JSON.parse(text).data[0].user_id)).not.toBe('17841400123456789012');
    expect(parseJsonKeepingIds(text)).toEqual({
      data: [{ access_token: 'IGQ', user_id: '17841400123456789012', permissions: 'a' }],
    });
  });

  it('turns numeric id, ig_id and creation_id members into strings, and nothing else', () => {
    expect(
      parseJsonKeepingIds('{ "id" : 9007199254740993, "ig_id":1, "quota_usage": 3, "paid": 5 }'),
    ).toEqual({ id: '9007199254740993', ig_id: '1', quota_usage: 3, paid: 5 });
  });

  it('does not touch text inside strings that looks like an id member', () => {
    const text = JSON.stringify({ message: '{"id":12345678901234567890}', id: 'x' });
    expect(parseJsonKeepingIds(text)).toEqual({ message: '{"id":12345678901234567890}', id: 'x' });
  });

  it('throws SyntaxError on invalid JSON like JSON.parse', () => {
    expect(() => parseJsonKeepingIds('<html>502</html>')).toThrow(SyntaxError);
  });
});
