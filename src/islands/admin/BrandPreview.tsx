// A small picture of the site in a theme: the header, a heading with the buttons and a link, and the sign-in dialog.
// Drawn with the site's own classes under the theme's custom properties; hidden from screen readers (the form says it all).
import type { CSSProperties } from 'react';
import { themeVars, type ThemeValues } from '../../shared/rules/theme';
import { useT } from '../../stores/locale';

interface Props {
  theme: ThemeValues;
  name: string;
  logoUrl: string;
  /** Label keys of the product menu's first entries. */
  menu?: string[];
}

export default function BrandPreview({ theme, name, logoUrl, menu = ['product_hotel', 'product_activities', 'product_stays'] }: Props) {
  const t = useT();
  const style = Object.fromEntries(themeVars(theme)) as CSSProperties;
  return (
    <div className="brand-preview" style={style} aria-hidden="true" data-testid="brand-preview">
      <div className="brand-preview__header">
        {logoUrl ? <img src={logoUrl} alt="" width="28" height="28" /> : null}
        <span className="brand-preview__name">{name}</span>
        <span className="brand-preview__menu">
          {menu.slice(0, 3).map((key) => (
            <span key={key}>{t(key)}</span>
          ))}
        </span>
      </div>
      <div className="brand-preview__body">
        <p className="brand-preview__title">{t('admin_preview_title')}</p>
        <p>{t('admin_preview_text')}</p>
        <span className="brand-preview__buttons">
          <span className="btn btn-primary btn-sm">{t('admin_preview_search')}</span>
          <span className="btn btn-accent btn-sm">{t('admin_preview_deals')}</span>
          <span className="brand-preview__link">{t('admin_preview_link')}</span>
        </span>
      </div>
      <div className="brand-preview__dialog">
        <p className="brand-preview__title">{t('auth_signin_title')}</p>
        <span className="brand-preview__input">{t('admin_preview_email')}</span>
        <span className="btn btn-primary btn-sm btn-block">{t('auth_signin_title')}</span>
      </div>
    </div>
  );
}
