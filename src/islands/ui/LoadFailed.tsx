// A page's own read that failed (the network dropped it, or the server failed after its one retry): said as such, with
// a way to try again, never as "not found" or "none" (docs/decisions/0081-a-failed-read-is-not-an-empty-one.md). What
// the server answers as not there (a 4xx) stays the page's own "not found".
import { useCallback, useState } from 'react';
import { ApiFailure } from '../../shared/contract/api-client';
import { useT } from '../../stores/locale';

/** The read failed rather than found nothing: no answer at all, or a 5xx. */
export const failedToLoad = (err: unknown) => !(err instanceof ApiFailure) || err.status >= 500;

/**
 * A read's failure and its second try: `attempt` goes among the read's effect's dependencies, `failed(err)` says whether
 * the error was a failure (and keeps it) rather than a "not there", and `retry` asks again.
 */
export function useRetry() {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const failedOn = useCallback((err: unknown) => {
    const failure = failedToLoad(err);
    if (failure) setFailed(true);
    return failure;
  }, []);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { failed, attempt, failedOn, retry };
}

export default function LoadFailed({ text, onRetry, compact = false }: { text?: string; onRetry: () => void; compact?: boolean }) {
  const t = useT();
  return (
    <div className={compact ? 'load-failed' : 'panel bk-empty load-failed'} role="alert" data-testid="load-failed">
      <p>{text ?? t('bk_load_failed')}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('bk_retry')}
      </button>
    </div>
  );
}
