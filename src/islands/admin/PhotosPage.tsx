// One product's photos in the console: upload, alt text per language, order (drag, or the move buttons from the
// keyboard) and removal. Each change is saved at once and shows on the site's next request (docs/decisions/0032-photographs.md).
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage } from './useConsoleForm';
import { loadPhotos, removePhoto, reorderPhotos, saveAlt, uploadPhoto, type ProductPhotos } from '../../stores/photos';
import { useT } from '../../stores/locale';
import { PHOTO_TYPES, photoAtWidth } from '../../shared/rules/photos';
import { LANGUAGES, type Language } from '../../shared/i18n/types';
import type { AdminPhoto } from '../../shared/contract/photos';

const LANGUAGE_LABEL: Record<Language, string> = { 'en-US': 'ph_alt_lang_en', 'fr-FR': 'ph_alt_lang_fr', 'es-ES': 'ph_alt_lang_es' };

export default function PhotosPage() {
  return (
    <ConsoleGate section="admin">
      <Photos />
    </ConsoleGate>
  );
}

function Photos() {
  const t = useT();
  const [productId] = useState(() => Number(new URLSearchParams(location.search).get('id')) || 0);
  const loaded = useConsoleLoad(() => loadPhotos(productId), productId);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const dragged = useRef<number | null>(null);
  const focusAfter = useRef<string | null>(null);

  // The moved photo's button keeps the focus once the new order is shown (it is disabled while the change is saved).
  useEffect(() => {
    const el = focusAfter.current ? (document.getElementById(focusAfter.current) as HTMLButtonElement | null) : null;
    if (!el || el.disabled) return;
    el.focus();
    focusAfter.current = null;
  });

  if (!loaded.data) return <LoadState loaded={loaded} />;
  const { product, photos } = loaded.data;

  const run = async (change: () => Promise<ProductPhotos>, done: string) => {
    setBusy(true);
    setError('');
    setStatus('');
    try {
      loaded.setData(await change());
      setStatus(done);
      return true;
    } catch (err) {
      setError(consoleMessage(t, err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const move = (from: number, to: number, focusId?: string) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const ids = photos.map((p) => p.photo_id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    if (focusId) focusAfter.current = focusId;
    void run(() => reorderPhotos(product.product_id, ids), t('ph_moved', { n: to + 1 }));
  };

  return (
    <>
      <p>
        <a href="/admin/products">← {t('ph_back')}</a>
      </p>
      <h2 className="photo-product-name">{t('ph_manage', { name: product.name })}</h2>
      <UploadForm busy={busy} onUpload={(file) => run(() => uploadPhoto(product.product_id, file), t('ph_uploaded'))} />
      <p role="status" className="photo-status" data-testid="photo-status">
        {status}
      </p>
      {error ? (
        <p role="alert" className="alert alert-error" data-testid="photo-error">
          {error}
        </p>
      ) : null}
      {photos.length === 0 ? <p className="console-muted">{t('ph_none')}</p> : null}
      <ol className="photo-list" data-testid="photo-list">
        {photos.map((p, i) => (
          <li
            key={p.photo_id}
            className="photo-item"
            data-testid="photo-item"
            data-photo-id={p.photo_id}
            draggable
            onDragStart={(e: DragEvent) => {
              dragged.current = i;
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e: DragEvent) => e.preventDefault()}
            onDrop={(e: DragEvent) => {
              e.preventDefault();
              if (dragged.current !== null) move(dragged.current, i);
              dragged.current = null;
            }}
          >
            <div className="photo-item__media">
              <span className="photo-item__handle" aria-hidden="true" title={t('ph_drag', { n: i + 1 })}>
                ⠿
              </span>
              <img src={photoAtWidth(p.src, 480)} alt="" width="240" height="150" loading="lazy" />
            </div>
            <div className="photo-item__body">
              <h3 className="photo-item__title">
                {t('ph_position', { n: i + 1 })}
                {i === 0 ? <span className="badge"> {t('ph_first')}</span> : null}
              </h3>
              <div className="photo-item__actions">
                <button type="button" className="btn btn-sm" id={`up-${p.photo_id}`} disabled={busy || i === 0} onClick={() => move(i, i - 1, i === 1 ? `down-${p.photo_id}` : `up-${p.photo_id}`)}>
                  ↑ <span>{t('ph_move_up', { n: i + 1 })}</span>
                </button>
                <button type="button" className="btn btn-sm" id={`down-${p.photo_id}`} disabled={busy || i === photos.length - 1} onClick={() => move(i, i + 1, i === photos.length - 2 ? `up-${p.photo_id}` : `down-${p.photo_id}`)}>
                  ↓ <span>{t('ph_move_down', { n: i + 1 })}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  disabled={busy}
                  onClick={() => void run(() => removePhoto(product.product_id, p.photo_id), t('ph_removed'))}
                >
                  {t('ph_remove', { n: i + 1 })}
                </button>
              </div>
              <AltForm photo={p} n={i + 1} busy={busy} onSave={(alt) => run(() => saveAlt(product.product_id, p.photo_id, alt), t('ph_saved'))} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

function UploadForm({ busy, onUpload }: { busy: boolean; onUpload: (file: File) => Promise<boolean> }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return input.current?.focus();
    if (await onUpload(file)) input.current!.value = '';
  };
  return (
    <form className="photo-upload" onSubmit={submit}>
      <label htmlFor={`${id}-file`}>{t('ph_upload_label')}</label>
      <div className="photo-upload__row">
        <input ref={input} id={`${id}-file`} type="file" accept={PHOTO_TYPES.join(',')} required />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('ph_uploading') : t('ph_upload')}
        </button>
      </div>
    </form>
  );
}

function AltForm({ photo, n, busy, onSave }: { photo: AdminPhoto; n: number; busy: boolean; onSave: (alt: Record<Language, string>) => Promise<boolean> }) {
  const t = useT();
  const id = useId();
  const [alt, setAlt] = useState<Record<Language, string>>(photo.alt_written);
  return (
    <form
      className="photo-alt"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave(alt);
      }}
    >
      <fieldset>
        <legend>{t('ph_alt_legend', { n })}</legend>
        {LANGUAGES.map((lang) => (
          <div className="field" key={lang}>
            <label htmlFor={`${id}-${lang}`}>{t(LANGUAGE_LABEL[lang])}</label>
            <input id={`${id}-${lang}`} type="text" lang={lang} maxLength={200} value={alt[lang]} onChange={(e) => setAlt({ ...alt, [lang]: e.target.value })} />
          </div>
        ))}
        <button type="submit" className="btn btn-sm" disabled={busy}>
          {t('ph_save_alt')}
        </button>
      </fieldset>
    </form>
  );
}
