// Saved travellers (/user/travelers): list, add, change and remove the people the user books for.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiFailure } from '../../shared/contract/api-client';
import LoadFailed, { failedToLoad } from '../ui/LoadFailed';
import { loadTravelers, removeTraveler, saveTraveler, type SavedTraveler as Saved } from '../../stores/account';
import { TITLES } from '../../shared/contract/auth-text';
import { titleLabel } from '../../shared/i18n/person-title';
import type { Traveler } from '../../shared/contract/booking';

/** The API's traveller schema, with zod, comes when a person first saves a traveller (docs/decisions/0039-page-weight-by-interaction.md). */
const travelerSchema = () => import('../../shared/contract/booking').then((m) => m.TravelerSchema);
import { useT } from '../../stores/locale';
import { $signedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';

const EMPTY: Traveler = { title: 'Mr', first_name: '', last_name: '', email: '', phone: '' };

export default function Travelers() {
  const t = useT();
  const id = useId();
  const signedIn = useStore($signedIn);
  const [list, setList] = useState<Saved[] | null>(null);
  const [form, setForm] = useState<Traveler>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Traveler, string>>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const firstField = useRef<HTMLSelectElement>(null);

  useEffect(() => void runStartup(), []);
  const [loadFailed, setLoadFailed] = useState(false);
  const reload = () =>
    loadTravelers()
      .then((saved) => {
        setLoadFailed(false);
        setList(saved);
      })
      .catch((err: unknown) => (failedToLoad(err) ? setLoadFailed(true) : setList([])));
  useEffect(() => {
    if (signedIn === true) void reload();
  }, [signedIn]);

  if (signedIn !== true) return null;

  function field<K extends keyof Traveler>(k: K, v: Traveler[K]) {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = (await travelerSchema()).safeParse(form);
    if (!parsed.success) {
      const errs: Partial<Record<keyof Traveler, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Traveler;
        errs[k] ??= t(`bk_err_${k}${String(form[k]).trim() === '' ? '_required' : ''}`) || issue.message;
      }
      setErrors(errs);
      document.getElementById(`${id}-${Object.keys(errs)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await saveTraveler(parsed.data, editing);
      setMessage({ ok: true, text: editing ? t('bk_traveler_updated') : t('bk_traveler_added') });
      setForm(EMPTY);
      setEditing(null);
      await reload();
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiFailure && err.status === 409 ? t('bk_travelers_full') : t('bk_traveler_failed') });
    } finally {
      setBusy(false);
    }
  }

  async function remove(s: Saved) {
    if (!confirm(t('bk_confirm_remove', { name: `${s.first_name} ${s.last_name}` }))) return;
    try {
      await removeTraveler(s.id);
      setMessage({ ok: true, text: t('bk_traveler_removed') });
      await reload();
    } catch {
      setMessage({ ok: false, text: t('bk_traveler_failed') });
    }
  }

  const input = (k: Exclude<keyof Traveler, 'title'>, label: string, type = 'text', autoComplete?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${k}`}>{label}</label>
      <input
        id={`${id}-${k}`}
        className="input"
        type={type}
        value={form[k]}
        autoComplete={autoComplete}
        maxLength={k === 'email' ? 254 : k === 'phone' ? 24 : 50}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `${id}-${k}-error` : undefined}
        onChange={(e) => field(k, k === 'phone' ? e.target.value.replace(/[^\d+\s-]/g, '') : e.target.value)}
      />
      {errors[k] ? (
        <span id={`${id}-${k}-error`} className="field-error">
          {errors[k]}
        </span>
      ) : null}
    </div>
  );

  return (
    <div className="stack" data-testid="travelers">
      <div aria-live="polite">{message ? <p className={`alert ${message.ok ? 'alert-success' : 'alert-error'}`}>{message.text}</p> : null}</div>
      {loadFailed ? (
        <LoadFailed compact text={t('bk_travelers_failed')} onRetry={() => void reload()} />
      ) : list === null ? (
        <div role="status">
          <span className="spinner" aria-hidden="true" /> {t('bk_loading')}
        </div>
      ) : list.length === 0 ? (
        <p className="muted">{t('bk_no_travelers')}</p>
      ) : (
        <ul className="grid grid-3" role="list">
          {list.map((s) => (
            <li key={s.id} className="panel" data-testid="traveler">
              <p className="bk-trip__name">
                {titleLabel(t, s.title)} {s.first_name} {s.last_name}
              </p>
              <p className="muted small">{s.email}</p>
              <p className="muted small">{s.phone}</p>
              <div className="cluster">
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => {
                    setEditing(s.id);
                    setForm({ title: s.title, first_name: s.first_name, last_name: s.last_name, email: s.email, phone: s.phone });
                    setErrors({});
                    firstField.current?.focus();
                  }}
                >
                  {t('bk_edit')} <span className="visually-hidden">{`${s.first_name} ${s.last_name}`}</span>
                </button>
                <button type="button" className="btn btn-sm btn-danger" onClick={() => void remove(s)}>
                  {t('bk_remove')} <span className="visually-hidden">{`${s.first_name} ${s.last_name}`}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="panel stack" onSubmit={save} noValidate aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`}>{editing ? t('bk_edit_traveler') : t('bk_add_traveler')}</h2>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-title`}>{t('bk_title')}</label>
            <select ref={firstField} id={`${id}-title`} className="select" value={form.title} onChange={(e) => field('title', e.target.value as Traveler['title'])}>
              {TITLES.map((x) => (
                <option key={x} value={x}>
                  {titleLabel(t, x)}
                </option>
              ))}
            </select>
          </div>
          {input('first_name', t('bk_first_name'), 'text', 'given-name')}
          {input('last_name', t('bk_last_name'), 'text', 'family-name')}
        </div>
        <div className="form-row">
          {input('email', t('bk_email'), 'email', 'email')}
          {input('phone', t('bk_phone'), 'tel', 'tel')}
        </div>
        <div className="cluster">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {editing ? t('bk_save_changes') : t('bk_add_traveler')}
          </button>
          {editing ? (
            <button
              type="button"
              className="btn"
              onClick={() => {
                setEditing(null);
                setForm(EMPTY);
                setErrors({});
              }}
            >
              {t('bk_cancel')}
            </button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
