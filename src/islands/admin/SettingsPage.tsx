// The org's settings, grouped as an admin thinks of them; one save sends what changed (one batch on the server).
import { useEffect, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { PRODUCTS } from '../../shared/rules/products';
import { LANGUAGES } from '../../shared/i18n/types';
import { OrgSettingsSchema, WALLET_OPTIONS, type OrgSettings } from '../../shared/contract/console';
import { walletOptionKey } from '../../shared/contract/console-messages';
import { loadSettings, saveSettings } from '../../stores/console';
import { $currencyInfo, loadCurrencyInfo, useT } from '../../stores/locale';
import Field, { fieldA11y } from '../account/Field';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import SaveBar from './SaveBar';
import { useConsoleForm } from './useConsoleForm';

export default function SettingsPage() {
  return (
    <ConsoleGate section="admin">
      <SettingsLoader />
    </ConsoleGate>
  );
}

function SettingsLoader() {
  const loaded = useConsoleLoad(loadSettings);
  return loaded.data ? <SettingsForm initial={loaded.data} /> : <LoadState loaded={loaded} />;
}

type Key = keyof OrgSettings;
const TEXT_FIELDS = {
  organisation: ['name', 'logo_url'],
  signIn: ['google_client_id', 'facebook_app_id'],
  loyalty: ['loyalty_landing_url'],
  links: ['session_out_url', 'all_inclusive_url', 'trips_site_url'],
} as const satisfies Record<string, readonly Key[]>;

function SettingsForm({ initial }: { initial: OrgSettings }) {
  const t = useT();
  const form = useConsoleForm(OrgSettingsSchema, initial);
  const saved = useRef(initial);
  const v = form.values as OrgSettings;
  const err = (k: Key) => form.errors[k] || undefined;
  // The currencies the site offers (the same list as the visitors' currency switcher), in the page's language.
  const currencies = useStore($currencyInfo)?.currencies ?? [];
  useEffect(() => {
    void loadCurrencyInfo();
  }, []);

  const text = (k: Key, type: 'text' | 'url' = 'text') => (
    <Field key={k} id={`set-${k}`} label={t(`admin_set_${k}`)} error={err(k)}>
      <input
        className="input"
        type={type === 'url' ? 'text' : type}
        inputMode={type === 'url' ? 'url' : undefined}
        {...fieldA11y(`set-${k}`, err(k))}
        value={String(v[k] ?? '')}
        onChange={(e) => form.set(k, e.target.value as never)}
        onBlur={() => form.blur(k)}
      />
    </Field>
  );
  const flag = (k: Key) => (
    <label key={k} className="console-check">
      <input type="checkbox" checked={v[k] === 1} onChange={(e) => form.set(k, (e.target.checked ? 1 : 0) as never)} />
      {t(`admin_set_${k}`)}
    </label>
  );
  const list = (k: 'eligible_products' | 'wallet_options', options: readonly { value: string; label: string }[]) => (
    <fieldset className="console-choices" aria-describedby={err(k) ? `set-${k}-error` : undefined}>
      <legend>{t(`admin_set_${k}`)}</legend>
      <div className="console-grid">
        {options.map((o) => (
          <label key={o.value} className="console-check">
            <input
              type="checkbox"
              aria-invalid={err(k) ? true : undefined}
              checked={(v[k] as string[]).includes(o.value)}
              onChange={(e) => {
                const current = v[k] as string[];
                form.set(k, (e.target.checked ? [...current, o.value] : current.filter((x) => x !== o.value)) as never);
              }}
            />
            {o.label}
          </label>
        ))}
      </div>
      {err(k) && (
        <p className="field-error" id={`set-${k}-error`}>
          {err(k)}
        </p>
      )}
    </fieldset>
  );

  async function save() {
    await form.submit(async (parsed) => {
      const changed = Object.fromEntries(
        (Object.keys(parsed) as Key[]).filter((k) => JSON.stringify(parsed[k]) !== JSON.stringify(saved.current[k])).map((k) => [k, parsed[k]]),
      ) as Partial<OrgSettings>;
      if (Object.keys(changed).length === 0) return;
      const next = await saveSettings(changed);
      saved.current = next;
      form.setValues(next);
    });
  }

  return (
    <form
      className="console-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Group id="organisation" title={t('admin_group_organisation')}>
        <div className="console-grid">
          {TEXT_FIELDS.organisation.map((k) => text(k))}
          <Field id="set-default_language" label={t('admin_set_default_language')} error={err('default_language')}>
            <select className="select" {...fieldA11y('set-default_language', err('default_language'))} value={v.default_language} onChange={(e) => form.set('default_language', e.target.value as never)}>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`admin_language_${l.replace('-', '_')}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="set-default_currency" label={t('admin_set_default_currency')} error={err('default_currency')}>
            <select className="select" {...fieldA11y('set-default_currency', err('default_currency'))} value={v.default_currency} onChange={(e) => form.set('default_currency', e.target.value as never)}>
              {currencyChoices(currencies, v.default_currency).map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name && c.name !== c.code ? `${c.code} · ${c.name}` : c.code}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </Group>
      <Group id="products" title={t('admin_group_products')}>
        {list('eligible_products', PRODUCTS.map((p) => ({ value: p.code, label: t(p.labelKey) || p.code })))}
        {flag('display_price')}
      </Group>
      <Group id="booking" title={t('admin_group_booking')}>
        <div className="console-grid">
          <Field id="set-min_checkin_days" label={t('admin_set_min_checkin_days')} error={err('min_checkin_days')}>
            <input
              className="input"
              type="number"
              min={0}
              max={30}
              step={1}
              {...fieldA11y('set-min_checkin_days', err('min_checkin_days'))}
              value={Number.isFinite(v.min_checkin_days) ? v.min_checkin_days : ''}
              onChange={(e) => form.set('min_checkin_days', (e.target.value === '' ? Number.NaN : Number(e.target.value)) as never)}
              onBlur={() => form.blur('min_checkin_days')}
            />
          </Field>
          <Field id="set-calendar_type" label={t('admin_set_calendar_type')} error={err('calendar_type')}>
            <select className="select" {...fieldA11y('set-calendar_type', err('calendar_type'))} value={v.calendar_type} onChange={(e) => form.set('calendar_type', e.target.value as never)}>
              <option value="Sunday">{t('admin_week_sunday')}</option>
              <option value="Monday">{t('admin_week_monday')}</option>
            </select>
          </Field>
        </div>
        {flag('allow_guest_booking')}
        {flag('b2b_mode')}
      </Group>
      <Group id="sign-in" title={t('admin_group_sign_in')}>
        {flag('access_code_required')}
        {flag('google_enabled')}
        {flag('facebook_enabled')}
        {flag('require_2fa_for_staff')}
        <div className="console-grid">{TEXT_FIELDS.signIn.map((k) => text(k))}</div>
      </Group>
      <Group id="wallet" title={t('admin_group_wallet')}>
        {list('wallet_options', WALLET_OPTIONS.map((w) => ({ value: w, label: t(walletOptionKey(w)) || w })))}
      </Group>
      <Group id="loyalty" title={t('admin_group_loyalty')}>
        <div className="console-grid">{TEXT_FIELDS.loyalty.map((k) => text(k, 'url'))}</div>
      </Group>
      <Group id="links" title={t('admin_group_links')}>
        <div className="console-grid">{TEXT_FIELDS.links.map((k) => text(k, 'url'))}</div>
      </Group>
      <SaveBar state={form.state} message={form.message} />
    </form>
  );
}

/** The offered currencies, the org's current one always among them (it stays selectable while the list loads). */
function currencyChoices(offered: readonly { code: string; name: string }[], current: string) {
  return offered.some((c) => c.code === current) ? offered : [{ code: current, name: '' }, ...offered];
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="console-group" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
