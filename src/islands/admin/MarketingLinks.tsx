// /admin/links: create a short link (a page of the site chosen from the list, campaign, UTM fields, an optional name),
// and the org's links with their totals: copy, QR code downloads (SVG or PNG at a chosen size), the way to each
// link's figures, a change of destination or UTMs, and archive / restore (docs/decisions/0061-link-destinations-and-qr-files.md).
import { useEffect, useState } from 'react';
import Field, { fieldA11y } from '../account/Field';
import { LinkCreateSchema, LinkPatchSchema, QR_SIZES, type LinkEntry } from '../../shared/contract/links';
import { SITE_PAGES } from '../../shared/rules/site-pages';
import { changeLink, createLink, loadLinks } from '../../stores/console';
import { useT } from '../../stores/locale';
import ConsoleGate from './ConsoleGate';
import CopyButton from './CopyButton';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage, useConsoleForm } from './useConsoleForm';

const EMPTY = { destination: '', slug: '', campaign: '', referral_code: '', utm_source: '', utm_medium: '', utm_campaign: '' };
type FieldName = keyof typeof EMPTY;
const OPTIONAL: FieldName[] = ['slug', 'campaign', 'referral_code', 'utm_source', 'utm_medium', 'utm_campaign'];
const EDITABLE = ['campaign', 'utm_source', 'utm_medium', 'utm_campaign'] as const;
const LABEL_KEY: Record<FieldName, string> = {
  destination: 'links_destination',
  slug: 'links_slug',
  campaign: 'links_campaign',
  referral_code: 'links_referral_code',
  utm_source: 'links_utm_source',
  utm_medium: 'links_utm_medium',
  utm_campaign: 'links_utm_campaign',
};
const PAGES_LIST = 'link-site-pages';

/** The site's pages to choose from (a datalist: the org's landing address can still be typed). */
function SitePages() {
  const t = useT();
  const ordered = [...SITE_PAGES.filter((p) => p.landing), ...SITE_PAGES.filter((p) => !p.landing)];
  return (
    <datalist id={PAGES_LIST}>
      {ordered.map((p) => (
        <option key={p.path} value={p.path} label={t(p.labelKey) || p.path} />
      ))}
    </datalist>
  );
}

type FormOf = { values: Record<string, unknown>; errors: Record<string, string>; set: (name: never, value: never) => void; blur: (name: string) => void };

function TextField({ form, name, idPrefix, required }: { form: FormOf; name: FieldName; idPrefix: string; required?: boolean }) {
  const t = useT();
  const id = `${idPrefix}-${name}`;
  const error = form.errors[name];
  return (
    <Field
      id={id}
      label={t(LABEL_KEY[name])}
      note={OPTIONAL.includes(name) ? t('links_optional') : undefined}
      hint={name === 'destination' ? t('links_destination_hint') : name === 'slug' ? t('links_slug_hint') : undefined}
      error={error}
    >
      <input
        {...fieldA11y(id, error, Boolean(required))}
        className="input"
        list={name === 'destination' ? PAGES_LIST : undefined}
        autoComplete="off"
        value={String(form.values[name] ?? '')}
        required={required}
        onChange={(e) => form.set(name as never, e.target.value as never)}
        onBlur={() => form.blur(name)}
      />
    </Field>
  );
}

/** A link's destination and tags, changed in place; the link's name, referral code and figures stay. */
function LinkEditor({ link, onDone }: { link: LinkEntry; onDone: (saved: boolean) => void }) {
  const t = useT();
  const form = useConsoleForm(LinkPatchSchema, {
    destination: link.destination, campaign: link.campaign, utm_source: link.utm_source, utm_medium: link.utm_medium, utm_campaign: link.utm_campaign,
  });
  // Opened from a row further down: the person is taken to the form, its first field ready.
  useEffect(() => {
    const first = document.getElementById('edit-destination');
    first?.scrollIntoView({ block: 'center' });
    first?.focus();
  }, [link.slug]);
  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (await form.submit((body) => changeLink(link.slug, body))) onDone(true);
  }
  return (
    <form className="console-form" onSubmit={save} noValidate data-testid="link-editor">
      <fieldset className="console-group">
        <legend>{t('links_edit_named', { name: link.slug })}</legend>
        <TextField form={form as unknown as FormOf} name="destination" idPrefix="edit" required />
        <div className="console-grid">
          {EDITABLE.map((name) => (
            <TextField key={name} form={form as unknown as FormOf} name={name} idPrefix="edit" />
          ))}
        </div>
        <div className="console-actions">
          <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'}>
            {form.state === 'saving' ? t('admin_saving') : t('links_save')}
          </button>
          <button type="button" className="btn" onClick={() => onDone(false)}>
            {t('links_cancel')}
          </button>
          <p role="status" className={`console-status ${form.state === 'failed' ? 'is-failed' : ''}`}>
            {form.state === 'failed' ? form.message : ''}
          </p>
        </div>
      </fieldset>
    </form>
  );
}

function LinksPage() {
  const t = useT();
  const loaded = useConsoleLoad(loadLinks);
  const form = useConsoleForm(LinkCreateSchema, EMPTY);
  const [created, setCreated] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [qrSize, setQrSize] = useState<number>(1024);
  const [status, setStatus] = useState<{ text: string; failed: boolean }>({ text: '', failed: false });

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setCreated('');
    const ok = await form.submit(async (body) => {
      setCreated((await createLink(body)).short_url);
    });
    if (ok) {
      form.setValues(EMPTY);
      await loaded.reload();
    }
  }

  async function archive(link: LinkEntry, archived: boolean) {
    setStatus({ text: '', failed: false });
    try {
      await changeLink(link.slug, { archived });
      setStatus({ text: t(archived ? 'links_archived_named' : 'links_restored_named', { name: link.slug }), failed: false });
      await loaded.reload();
    } catch (err) {
      setStatus({ text: consoleMessage(t, err), failed: true });
    }
  }

  const all = loaded.data ?? [];
  const archivedCount = all.filter((l) => l.archived).length;
  const shown = all.filter((l) => showArchived || !l.archived);
  const editedLink = all.find((l) => l.slug === editing);

  return (
    <>
      <SitePages />
      <form className="console-form" onSubmit={create} noValidate>
        <fieldset className="console-group">
          <legend>{t('links_new')}</legend>
          <TextField form={form as unknown as FormOf} name="destination" idPrefix="link" required />
          <div className="console-grid">
            {OPTIONAL.map((name) => (
              <TextField key={name} form={form as unknown as FormOf} name={name} idPrefix="link" />
            ))}
          </div>
          <div className="console-actions">
            <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'}>
              {form.state === 'saving' ? t('admin_saving') : t('links_create')}
            </button>
            <p role="status" className={`console-status ${form.state === 'failed' ? 'is-failed' : ''}`}>
              {created ? t('links_created', { url: created }) : form.state === 'failed' ? form.message : ''}
            </p>
            {created ? <CopyButton text={created} label={t('links_copy_named', { name: created })} /> : null}
          </div>
        </fieldset>
      </form>

      {editedLink ? (
        <LinkEditor
          key={editedLink.slug}
          link={editedLink}
          onDone={(saved) => {
            setEditing(null);
            if (saved) {
              setStatus({ text: t('links_saved_named', { name: editedLink.slug }), failed: false });
              void loaded.reload();
            }
          }}
        />
      ) : null}

      <section className="console-group" aria-labelledby="links-list">
        <h2 id="links-list">{t('links_list')}</h2>
        <LoadState loaded={loaded} />
        <div className="console-actions">
          <label>
            {t('links_qr_size')}{' '}
            <select className="select" value={qrSize} onChange={(e) => setQrSize(Number(e.target.value))} data-testid="qr-size">
              {QR_SIZES.map((n) => (
                <option key={n} value={n}>
                  {t('links_px', { n })}
                </option>
              ))}
            </select>
          </label>
          {archivedCount > 0 ? (
            <label className="console-check">
              <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
              {t('links_show_archived', { n: archivedCount })}
            </label>
          ) : null}
          <p role="status" className={`console-status ${status.failed ? 'is-failed' : ''}`}>
            {status.text}
          </p>
        </div>
        {loaded.data && shown.length === 0 ? <p className="console-muted">{t('links_none')}</p> : null}
        {shown.length > 0 ? (
          <div className="table-wrap">
            <table className="table table-stack link-rows" data-testid="links-table">
              <thead>
                <tr>
                  <th scope="col">{t('links_short_url')}</th>
                  <th scope="col">{t('links_destination')}</th>
                  <th scope="col" className="num">{t('links_clicks')}</th>
                  <th scope="col" className="num">{t('links_unique')}</th>
                  <th scope="col" className="num">{t('links_signups')}</th>
                  <th scope="col" className="num">{t('links_bookings')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((l) => (
                  <tr key={l.slug} data-slug={l.slug} className={l.archived ? 'is-archived' : undefined}>
                    <th scope="row" className="console-break">
                      <a href={`/admin/links/${l.slug}`} aria-label={t('links_figures_of', { name: l.slug })}>
                        {l.slug}
                      </a>
                      {l.archived ? <span className="console-muted"> ({t('links_archived')})</span> : null}
                      <div className="console-muted link-url">{l.short_url}</div>
                      <div className="link-actions">
                        <CopyButton text={l.short_url} label={t('links_copy_named', { name: l.short_url })} />
                        <button type="button" className="btn btn-sm" onClick={() => setEditing(l.slug)} aria-label={t('links_edit_named', { name: l.slug })}>
                          {t('links_edit')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm"
                          onClick={() => void archive(l, !l.archived)}
                          aria-label={t(l.archived ? 'links_restore_named' : 'links_archive_named', { name: l.slug })}
                        >
                          {t(l.archived ? 'links_restore' : 'links_archive')}
                        </button>
                      </div>
                      <div className="link-qr">
                        <img src={`/r/${l.slug}/qr.svg`} width="64" height="64" alt={t('links_qr_of', { url: l.short_url })} loading="lazy" />
                        <span className="link-qr__downloads">
                          {(['svg', 'png'] as const).map((kind) => (
                            <a
                              key={kind}
                              className="btn btn-sm"
                              href={`/r/${l.slug}/qr.${kind}?size=${qrSize}&download=1`}
                              download
                              aria-label={t('links_qr_download_named', { name: l.slug, kind: kind.toUpperCase(), n: qrSize })}
                            >
                              {kind.toUpperCase()}
                            </a>
                          ))}
                        </span>
                      </div>
                    </th>
                    <td data-label={t('links_destination')} className="console-break">
                      {l.destination}
                      {l.campaign ? (
                        <div className="console-muted">
                          {t('labelled', { label: t('links_campaign') })}{' '}
                          <a href={`/admin/campaigns/${encodeURIComponent(l.campaign)}`} aria-label={t('links_campaign_figures_of', { name: l.campaign })}>
                            {l.campaign}
                          </a>
                        </div>
                      ) : null}
                    </td>
                    <td data-label={t('links_clicks')} className="num">{l.clicks}</td>
                    <td data-label={t('links_unique')} className="num">{l.unique_visitors}</td>
                    <td data-label={t('links_signups')} className="num">{l.signups}</td>
                    <td data-label={t('links_bookings')} className="num">{l.first_bookings}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}

export default function MarketingLinks() {
  return (
    <ConsoleGate section="marketing">
      <LinksPage />
    </ConsoleGate>
  );
}
