/** Whether the screen is a phone's (see `NARROW_QUERY`), following it as it changes. */
import { useEffect, useState } from 'preact/hooks';
import { isNarrow, NARROW_QUERY } from './calendar-options';

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(isNarrow);
  useEffect(() => {
    const query = matchMedia(NARROW_QUERY);
    const follow = () => setNarrow(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return narrow;
}
