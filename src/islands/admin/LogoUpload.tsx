// The brand page's logo upload: a PNG, WebP or SVG file of at most 1 MiB becomes the org's logo as soon as it is
// chosen (POST /api/admin/logo); a refused file says why in the page's language.
import { useId, useState } from 'react';
import { LOGO_TYPES } from '../../shared/rules/logo';
import { uploadLogo } from '../../stores/console';
import { useT } from '../../stores/locale';
import { consoleMessage } from './useConsoleForm';

export default function LogoUpload({ onUploaded }: { onUploaded: (address: string) => void }) {
  const t = useT();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);

  async function chosen(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setMessage(t('admin_logo_uploading'));
    setFailed(false);
    try {
      onUploaded((await uploadLogo(file)).logo_url);
      setMessage(t('admin_logo_uploaded'));
    } catch (err) {
      setFailed(true);
      setMessage(consoleMessage(t, err, 'admin_logo_failed'));
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  return (
    <div className="field logo-upload">
      <label htmlFor={`${id}-logo`}>{t('admin_logo_upload')}</label>
      <p className="field-hint" id={`${id}-hint`}>
        {t('admin_logo_hint')}
      </p>
      {/* The browser's own file button speaks the browser's language, not the page's: a button of the page's instead. */}
      <input
        id={`${id}-logo`}
        className="visually-hidden logo-upload__input"
        type="file"
        accept={LOGO_TYPES.join(',')}
        aria-describedby={`${id}-hint ${id}-status`}
        disabled={busy}
        data-testid="logo-file"
        onChange={(e) => void chosen(e.currentTarget)}
      />
      <label htmlFor={`${id}-logo`} className="btn btn-secondary btn-sm logo-upload__button" aria-hidden="true">
        {t('admin_logo_choose')}
      </label>
      <p id={`${id}-status`} className={failed ? 'field-error' : 'console-status'} role="status">
        {message}
      </p>
    </div>
  );
}
