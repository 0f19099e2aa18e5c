// /admin/translations: any label in any language, the default beside it, searchable; saved texts show on the next view.
import { useMemo, useState } from 'react';
import { useT } from '../../stores/locale';
import { listLabels, saveLabels } from '../../stores/console-ops';
import { LANGUAGES } from '../../shared/i18n/types';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage } from './useConsoleForm';

const SHOWN = 50;

function Translations() {
  const t = useT();
  const [lang, setLang] = useState<string>('en-US');
  const [q, setQ] = useState('');
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [status, setStatus] = useState({ text: '', failed: false });
  const [saving, setSaving] = useState(false);
  const loaded = useConsoleLoad(() => listLabels(lang), lang);

  const matches = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (loaded.data ?? []).filter(
      (l) => !needle || l.field_name.toLowerCase().includes(needle) || l.default.toLowerCase().includes(needle) || (l.override ?? '').toLowerCase().includes(needle),
    );
  }, [loaded.data, q]);

  async function save() {
    setSaving(true);
    try {
      loaded.setData(await saveLabels(lang, edits));
      setEdits({});
      setStatus({ text: t('ops_labels_saved'), failed: false });
    } catch (err) {
      setStatus({ text: consoleMessage(t, err), failed: true });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="console-form">
      <div className="console-grid">
        <div className="field">
          <label htmlFor="labels-lang">{t('ops_labels_language')}</label>
          <select className="select" id="labels-lang" value={lang} onChange={(e) => (setLang(e.target.value), setEdits({}))}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="labels-search">{t('ops_labels_search')}</label>
          <input className="input" id="labels-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
      </div>
      <LoadState loaded={loaded} />
      {loaded.data && (
        <>
          <p className="console-muted" aria-live="polite">
            {t('ops_labels_shown', { shown: Math.min(matches.length, SHOWN), total: matches.length })}
          </p>
          <div className="table-wrap">
            <table className="table table-stack">
              <thead>
                <tr>
                  <th scope="col">{t('ops_labels_key')}</th>
                  <th scope="col">{t('ops_labels_default')}</th>
                  <th scope="col">{t('ops_labels_yours')}</th>
                </tr>
              </thead>
              <tbody>
                {matches.slice(0, SHOWN).map((l) => (
                  <tr key={l.field_name}>
                    <td data-label={t('ops_labels_key')}>
                      <code className="console-break">{l.field_name}</code>
                    </td>
                    {/* The texts edited here are in the chosen language, not the console's: marked so (WCAG 3.1.2). */}
                    <td data-label={t('ops_labels_default')} className="console-break" lang={lang}>
                      {l.default}
                    </td>
                    <td data-label={t('ops_labels_yours')}>
                      <input className="input"
                        aria-label={`${t('labelled', { label: t('ops_labels_yours') })} ${l.field_name}`}
                        data-field={l.field_name}
                        value={edits[l.field_name] ?? l.override ?? ''}
                        placeholder={l.default}
                        lang={lang}
                        maxLength={500}
                        onChange={(e) => setEdits((x) => ({ ...x, [l.field_name]: e.target.value }))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="console-actions">
            <button type="button" className="btn btn-primary" disabled={saving || Object.keys(edits).length === 0} onClick={() => void save()}>
              {saving ? t('admin_saving') : t('admin_save')}
            </button>
            <p className={`console-status${status.failed ? ' is-failed' : ' is-saved'}`} role="status">
              {status.text}
            </p>
          </div>
        </>
      )}
    </div>
  );
}

export default function TranslationsPage() {
  return (
    <ConsoleGate section="admin">
      <Translations />
    </ConsoleGate>
  );
}
