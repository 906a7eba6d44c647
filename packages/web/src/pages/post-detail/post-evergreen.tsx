/**
 * Whether the post is evergreen (it may come back as a new post in an empty slot of a
 * schedule whose evergreen queue is on), switched here by editors and above on a post of
 * any status (`PATCH /v1/posts/{id}` `{ evergreen }`, which changes nothing else); and, for a
 * copy an evergreen queue made, the post it copies.
 */
import { roleMeets, type Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { useT } from '../../i18n';
import { useApi, useProjectRole } from '../../session/session-context';

export interface PostEvergreenProps {
  post: Post;
  onChanged(post: Post): void;
}

export function PostEvergreen({ post, onChanged }: PostEvergreenProps) {
  const t = useT();
  const api = useApi();
  const role = useProjectRole();
  const canEdit = role !== null && roleMeets(role, 'editor');
  // The switch moves at once and stays so while saving; a refusal puts it back.
  const [pending, setPending] = useState<boolean | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  // A viewer sees the section only when it has something to say.
  if (post.recycledFrom === null && !canEdit && !post.evergreen) return null;

  async function toggle(evergreen: boolean) {
    setPending(evergreen);
    setError('');
    try {
      const { post: changed } = await api.posts.update(post.id, { evergreen });
      onChanged(changed);
      setNotice(t(evergreen ? 'evergreen.post.on' : 'evergreen.post.off'));
    } catch (caught) {
      setNotice('');
      setError(describeError(caught));
    } finally {
      setPending(null);
    }
  }

  return (
    <section class="post-evergreen" aria-labelledby="post-evergreen-title">
      <h2 id="post-evergreen-title">{t('evergreen.post.title')}</h2>
      {post.recycledFrom && (
        <p>
          {t('evergreen.post.copyOf')}{' '}
          <a href={`/app/posts/${post.recycledFrom}`}>{t('evergreen.post.original')}</a> (
          <code>{post.recycledFrom}</code>).
        </p>
      )}
      {canEdit ? (
        <>
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={pending ?? post.evergreen}
              disabled={pending !== null}
              aria-busy={pending !== null ? 'true' : undefined}
              aria-describedby="post-evergreen-hint"
              onChange={(event) => void toggle(event.currentTarget.checked)}
            />
            {t('evergreen.post.switch')}
          </label>
          <small id="post-evergreen-hint" class="hint">
            {t('evergreen.post.hint')}
          </small>
        </>
      ) : (
        post.evergreen && <p>{t('evergreen.post.readOnly')}</p>
      )}
      <p role="status" class="live">
        {notice}
      </p>
      {error && (
        <p role="alert" class="form-error">
          {error}
        </p>
      )}
    </section>
  );
}
