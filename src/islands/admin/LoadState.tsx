// The console's one load state: a spinner while a page's data comes, a message with "Try again" when it failed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../stores/locale';
import { consoleMessage } from './useConsoleForm';

export interface Loaded<T> {
  data: T | null;
  error: string;
  reload: () => Promise<void>;
  setData: (data: T) => void;
}

/**
 * Runs `load` now and whenever `key` changes (a page number, a search); a newer load wins over a slower older one.
 * `message` puts a refusal in the page's language (a page whose routes have their own messages passes its own).
 */
export function useConsoleLoad<T>(load: () => Promise<T>, key: unknown = null, message: (t: ReturnType<typeof useT>, err: unknown) => string = (t, err) => consoleMessage(t, err, 'admin_load_failed')): Loaded<T> {
  const t = useT();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const run = ++latest.current;
    setError('');
    try {
      const value = await load();
      if (run === latest.current) setData(value);
    } catch (err) {
      if (run === latest.current) setError(message(t, err));
    }
  }, [JSON.stringify(key), t]);
  useEffect(() => void reload(), [reload]);
  return { data, error, reload, setData };
}

/** What a page shows in place of its content while `loaded` is not ready; null once it is. */
export default function LoadState({ loaded }: { loaded: Pick<Loaded<unknown>, 'data' | 'error' | 'reload'> }) {
  const t = useT();
  if (loaded.error) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{loaded.error}</p>
        <button type="button" className="btn btn-sm" onClick={() => void loaded.reload()}>
          {t('admin_retry')}
        </button>
      </div>
    );
  }
  return loaded.data === null ? <Loading /> : null;
}

export function Loading() {
  const t = useT();
  return (
    <div className="console-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
