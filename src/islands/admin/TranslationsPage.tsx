// /admin/translations: any label in any language, grouped by the part of the site it belongs to, its default text
// beside the org's own, searchable; saved texts show on the next view.
import { Fragment, useMemo, useState } from 'react';
import { NATIVE_LANGUAGE_NAMES, useT } from '../../stores/locale';
import { LABEL_AREA_NAMES } from '../../shared/i18n/area-names';
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
  const [area, setArea] = useState('');
  const areaName = (a: string) => t(`ops_labels_area_${a.replace('-', '_')}`);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [status, setStatus] = useState({ text: '', failed: false });
  const [saving, setSaving] = useState(false);
  const loaded = useConsoleLoad(() => listLabels(lang), lang);

  const matches = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (loaded.data ?? []).filter(
      (l) =>
        (!area || l.area === area) &&
        (!needle || l.field_name.toLowerCase().includes(needle) || l.default.toLowerCase().includes(needle) || (l.override ?? '').toLowerCase().includes(needle)),
    );
  }, [loaded.data, q, area]);
  const shown = matches.slice(0, SHOWN);

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
              <option key={l} value={l} lang={l}>
                {NATIVE_LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="labels-area">{t('ops_labels_area')}</label>
          <select className="select" id="labels-area" value={area} onChange={(e) => setArea(e.target.value)}>
            <option value="">{t('ops_labels_area_all')}</option>
            {LABEL_AREA_NAMES.map((a) => (
              <option key={a} value={a}>
                {areaName(a)}
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
                  <th scope="col">{t('ops_labels_default')}</th>
                  <th scope="col">{t('ops_labels_yours')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((l, i) => (
                  <Fragment key={l.field_name}>
                  {(i === 0 || shown[i - 1]!.area !== l.area) && (
                    <tr className="table-group" data-testid="labels-group">
                      <th scope="colgroup" colSpan={2}>{areaName(l.area)}</th>
                    </tr>
                  )}
                  <tr>
                    {/* The texts edited here are in the chosen language, not the console's: marked so (WCAG 3.1.2). The
                        label's key, for whoever looks it up in the code, comes second. */}
                    <td data-label={t('ops_labels_default')} className="console-break">
                      <span lang={lang}>{l.default}</span>
                      <br />
                      <code className="console-muted console-break" title={t('ops_labels_key')}>{l.field_name}</code>
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
                  </Fragment>
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
