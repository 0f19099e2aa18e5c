// A button that copies a link and says so (politely, to screen readers too); a read-only field is the fallback.
import { useRef, useState } from 'react';
import { useT } from '../../stores/locale';
import { copyText } from '../ui/copy-text';

export default function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement>(null);
  return (
    <span className="copy-link">
      <input ref={field} className="visually-hidden" readOnly value={text} tabIndex={-1} aria-hidden="true" />
      <button type="button" className="btn btn-sm" aria-label={label} onClick={async () => setState((await copyText(text, field.current)) ? 'copied' : 'failed')}>
        {t('links_copy')}
      </button>
      <span role="status" className="console-muted">
        {state === 'copied' ? t('links_copied') : state === 'failed' ? t('links_copy_failed') : ''}
      </span>
    </span>
  );
}
