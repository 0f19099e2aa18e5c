// /admin/links: create a short link (destination, campaign, UTM fields, an optional name), and the org's links with
// their totals, a copy button, the QR code and the way to each link's figures.
import { useState } from 'react';
import Field, { fieldA11y } from '../account/Field';
import { LinkCreateSchema } from '../../shared/contract/links';
import { createLink, loadLinks } from '../../stores/console';
import { useT } from '../../stores/locale';
import ConsoleGate from './ConsoleGate';
import CopyButton from './CopyButton';
import LoadState, { useConsoleLoad } from './LoadState';
import { useConsoleForm } from './useConsoleForm';

const EMPTY = { destination: '', slug: '', campaign: '', referral_code: '', utm_source: '', utm_medium: '', utm_campaign: '' };
type FieldName = keyof typeof EMPTY;
const OPTIONAL: FieldName[] = ['slug', 'campaign', 'referral_code', 'utm_source', 'utm_medium', 'utm_campaign'];
const LABEL_KEY: Record<FieldName, string> = {
  destination: 'links_destination',
  slug: 'links_slug',
  campaign: 'links_campaign',
  referral_code: 'links_referral_code',
  utm_source: 'links_utm_source',
  utm_medium: 'links_utm_medium',
  utm_campaign: 'links_utm_campaign',
};

function LinksPage() {
  const t = useT();
  const loaded = useConsoleLoad(loadLinks);
  const form = useConsoleForm(LinkCreateSchema, EMPTY);
  const [created, setCreated] = useState('');

  const input = (name: FieldName) => (
    <Field
      key={name}
      id={`link-${name}`}
      label={t(LABEL_KEY[name])}
      note={OPTIONAL.includes(name) ? t('links_optional') : undefined}
      hint={name === 'destination' ? t('links_destination_hint') : name === 'slug' ? t('links_slug_hint') : undefined}
      error={form.errors[name]}
    >
      <input
        {...fieldA11y(`link-${name}`, form.errors[name], name === 'destination' || name === 'slug')}
        className="input"
        value={(form.values as Record<FieldName, string>)[name]}
        required={name === 'destination'}
        onChange={(e) => form.set(name, e.target.value)}
        onBlur={() => form.blur(name)}
      />
    </Field>
  );

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

  return (
    <>
      <form className="console-form" onSubmit={create} noValidate>
        <fieldset className="console-group">
          <legend>{t('links_new')}</legend>
          {input('destination')}
          <div className="console-grid">{OPTIONAL.map(input)}</div>
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

      <section className="console-group" aria-labelledby="links-list">
        <h2 id="links-list">{t('links_list')}</h2>
        <LoadState loaded={loaded} />
        {loaded.data && loaded.data.length === 0 ? <p className="console-muted">{t('links_none')}</p> : null}
        {loaded.data && loaded.data.length > 0 ? (
          <div className="table-wrap">
            <table className="table table-stack" data-testid="links-table">
              <thead>
                <tr>
                  <th scope="col">{t('links_short_url')}</th>
                  <th scope="col">{t('links_destination')}</th>
                  <th scope="col">{t('links_campaign')}</th>
                  <th scope="col" className="num">{t('links_clicks')}</th>
                  <th scope="col" className="num">{t('links_unique')}</th>
                  <th scope="col" className="num">{t('links_signups')}</th>
                  <th scope="col" className="num">{t('links_bookings')}</th>
                  <th scope="col">{t('links_qr')}</th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.map((l) => (
                  <tr key={l.slug} data-slug={l.slug}>
                    <th scope="row" className="console-break">
                      <a href={`/admin/links/${l.slug}`} aria-label={t('links_figures_of', { name: l.slug })}>
                        {l.slug}
                      </a>
                      <div className="console-muted">{l.short_url}</div>
                      <CopyButton text={l.short_url} label={t('links_copy_named', { name: l.short_url })} />
                    </th>
                    <td data-label={t('links_destination')} className="console-break">{l.destination}</td>
                    <td data-label={t('links_campaign')} className="console-break">
                      {l.campaign ? (
                        <a href={`/admin/campaigns/${encodeURIComponent(l.campaign)}`} aria-label={t('links_campaign_figures_of', { name: l.campaign })}>
                          {l.campaign}
                        </a>
                      ) : null}
                    </td>
                    <td data-label={t('links_clicks')} className="num">{l.clicks}</td>
                    <td data-label={t('links_unique')} className="num">{l.unique_visitors}</td>
                    <td data-label={t('links_signups')} className="num">{l.signups}</td>
                    <td data-label={t('links_bookings')} className="num">{l.first_bookings}</td>
                    <td data-label={t('links_qr')}>
                      <a href={`/r/${l.slug}/qr.svg`} target="_blank" rel="noopener">
                        <img src={`/r/${l.slug}/qr.svg`} width="64" height="64" alt={t('links_qr_of', { url: l.short_url })} loading="lazy" />
                      </a>
                    </td>
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
