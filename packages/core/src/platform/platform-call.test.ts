import { describe, expect, it } from 'vitest';
import { platformOperation } from './platform-call';

describe('platformOperation', () => {
  it('names the kind of call, with the version and every id left out', () => {
    expect(platformOperation('/v25.0/17841400000000001/media_publish')).toBe('{id}/media_publish');
    expect(platformOperation('/v25.0/17841400000000001/content_publishing_limit')).toBe(
      '{id}/content_publishing_limit',
    );
    expect(platformOperation('/17895695668004550')).toBe('{id}');
    expect(platformOperation('/me')).toBe('me');
    expect(platformOperation('/oauth/access_token')).toBe('oauth/access_token');
    expect(platformOperation('/ig-api-upload/v25.0/upload_a1b2c3d4e5f6a7b8c9')).toBe(
      'ig-api-upload/{id}',
    );
    expect(platformOperation('/')).toBe('/');
  });
});
