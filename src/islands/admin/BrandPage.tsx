// Brand and theme: the site's name and logo, its colours, font and corners, with a live preview and the contrast of
// each readable pair as it is typed. Publishing gives the stylesheet a new address the next page view names.
import { OrgIdentitySchema, ThemeSchema, type OrgSettings } from '../../shared/contract/console';
import { CONTRAST_PAIRS, contrastRatio, FONT_FAMILIES, HEX_COLOUR, MIN_CONTRAST, normalHex, ratioText, type ThemeValues } from '../../shared/rules/theme';
import { loadSettings, loadTheme, publishTheme, saveSettings } from '../../stores/console';
import { useT } from '../../stores/locale';
import Field, { fieldA11y } from '../account/Field';
import BrandPreview from './BrandPreview';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import LogoUpload from './LogoUpload';
import SaveBar from './SaveBar';
import { useConsoleForm } from './useConsoleForm';

const COLOURS = ['primary', 'primary_text', 'accent', 'background', 'text'] as const;

export default function BrandPage() {
  return (
    <ConsoleGate section="admin">
      <BrandLoader />
    </ConsoleGate>
  );
}

function BrandLoader() {
  const loaded = useConsoleLoad(async () => {
    const [theme, settings] = await Promise.all([loadTheme(), loadSettings()]);
    return { theme: theme.values, settings };
  });
  return loaded.data ? <BrandForm theme={loaded.data.theme} settings={loaded.data.settings} /> : <LoadState loaded={loaded} />;
}

function BrandForm({ theme, settings }: { theme: ThemeValues; settings: OrgSettings }) {
  const t = useT();
  const form = useConsoleForm(ThemeSchema, theme);
  const identity = useConsoleForm(OrgIdentitySchema, { name: settings.name, logo_url: settings.logo_url });
  const v = form.values as ThemeValues;
  const err = (k: string) => form.errors[k] || identity.errors[k] || undefined;
  // The preview keeps a colour's last valid value while another is being typed.
  const shown: ThemeValues = { ...theme, ...v };
  for (const k of COLOURS) if (!HEX_COLOUR.test(v[k])) shown[k] = theme[k];
  for (const k of COLOURS) shown[k] = normalHex(shown[k]);

  async function save() {
    const namesOk = await identity.submit(async (parsed) => {
      if (parsed.name !== settings.name || parsed.logo_url !== settings.logo_url) {
        const next = await saveSettings(parsed);
        Object.assign(settings, { name: next.name, logo_url: next.logo_url });
      }
    });
    if (namesOk) await form.submit(publishTheme);
  }
  const state = identity.state === 'failed' ? identity : form;

  return (
    <div className="brand-layout">
      <form
        className="console-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <section className="console-group" aria-labelledby="brand-identity">
          <h2 id="brand-identity">{t('admin_brand_identity')}</h2>
          {(['name', 'logo_url'] as const).map((k) => (
            <Field key={k} id={`brand-${k}`} label={t(`admin_set_${k}`)} error={err(k)}>
              <input
                className="input"
                {...fieldA11y(`brand-${k}`, err(k))}
                value={identity.values[k]}
                onChange={(e) => identity.set(k, e.target.value)}
                onBlur={() => identity.blur(k)}
              />
            </Field>
          ))}
          <LogoUpload
            onUploaded={(address) => {
              identity.set('logo_url', address);
              Object.assign(settings, { logo_url: address });
            }}
          />
        </section>
        <section className="console-group" aria-labelledby="brand-colours">
          <h2 id="brand-colours">{t('admin_brand_colours')}</h2>
          <div className="console-grid">
            {COLOURS.map((k) => (
              <Field key={k} id={`brand-${k}`} label={t(`admin_colour_${k}`)} error={err(k)}>
                <div className="colour-field">
                  <input
                    type="color"
                    aria-label={t('admin_colour_pick', { name: t(`admin_colour_${k}`) })}
                    value={shown[k]}
                    onChange={(e) => form.set(k, e.target.value)}
                  />
                  <input
                    className="input"
                    {...fieldA11y(`brand-${k}`, err(k))}
                    value={v[k]}
                    spellCheck={false}
                    autoComplete="off"
                    onChange={(e) => form.set(k, e.target.value)}
                    onBlur={() => form.blur(k)}
                  />
                </div>
              </Field>
            ))}
          </div>
          <ul className="contrast-list" aria-label={t('admin_contrast_title')}>
            {CONTRAST_PAIRS.map(([fg, bg]) => {
              const ratio = contrastRatio(shown[fg], shown[bg]);
              const low = ratio < MIN_CONTRAST;
              return (
                <li key={fg} className={low ? 'is-low' : undefined} data-testid={`contrast-${fg}`}>
                  {t('labelled', { label: t(`admin_pair_${fg}`) })} {ratioText(ratio)}:1 — {t(low ? 'admin_contrast_low' : 'admin_contrast_ok')}
                </li>
              );
            })}
          </ul>
        </section>
        <section className="console-group" aria-labelledby="brand-type">
          <h2 id="brand-type">{t('admin_brand_type')}</h2>
          <div className="console-grid">
            <Field id="brand-font_family" label={t('admin_font')} error={err('font_family')}>
              <select className="select" {...fieldA11y('brand-font_family', err('font_family'))} value={v.font_family} onChange={(e) => form.set('font_family', e.target.value as ThemeValues['font_family'])}>
                {FONT_FAMILIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`admin_font_${f}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="brand-radius" label={t('admin_radius')} error={err('radius')}>
              <input
                className="input"
                type="number"
                min={0}
                max={24}
                step={1}
                {...fieldA11y('brand-radius', err('radius'))}
                value={Number.isFinite(v.radius) ? v.radius : ''}
                onChange={(e) => form.set('radius', e.target.value === '' ? Number.NaN : Number(e.target.value))}
                onBlur={() => form.blur('radius')}
              />
            </Field>
          </div>
        </section>
        <SaveBar state={state.state} message={state.state === 'saved' ? t('admin_brand_published') : state.message} label={t('admin_publish')} />
      </form>
      <section className="console-group" aria-labelledby="brand-preview-title">
        <h2 id="brand-preview-title">{t('admin_preview')}</h2>
        <BrandPreview theme={shown} name={identity.values.name} logoUrl={identity.values.logo_url} />
      </section>
    </div>
  );
}
