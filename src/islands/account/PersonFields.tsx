// A person's details as the sign-up dialog, the profile page and the agent's client form ask for them: title, first and
// last name (name characters only), phone (country-code selector, digits only) and the nationality type-ahead.
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { filterMobile, filterName, TITLES } from '../../shared/contract/auth-text';
import { titleLabel } from '../../shared/i18n/person-title';
import { useT } from '../../stores/locale';
import { $countries, $nationalities } from '../../stores/catalogues';
import { $org } from '../../stores/startup';
import CountryCodeSelect from './CountryCodeSelect';
import Field, { errorId, fieldA11y, hintId } from './Field';
import NationalityTypeahead from './NationalityTypeahead';
import { findCountry } from './signup-logic';

export interface Person {
  title: string;
  firstName: string;
  lastName: string;
  nationality: number | null;
  /** ISO code of the phone's country, and its dialling code. */
  country: string;
  isd: string;
  mobile: string;
}

/** The messages to show under the fields, already in the page's language. */
export interface PersonErrors {
  title?: string;
  first_name?: string;
  last_name?: string;
  mobile?: string;
  nationality?: string;
}

interface Props {
  /** The controls' ids are `${idPrefix}-title`, `-first`, `-last`, `-mobile`, `-country-code` and `-nationality`. */
  idPrefix: string;
  value: Person;
  onChange: (patch: Partial<Person>) => void;
  errors: PersonErrors;
  /** What names the phone's country until one is chosen (an invitation's country code); else the dialling code held. */
  countryHint?: string;
  /** Someone fills these in for another person (an agent for a client): the browser must not offer their own details. */
  forSomeoneElse?: boolean;
  /** The nationality comes before the phone (the sign-up dialog's order). */
  nationalityFirst?: boolean;
  /** The dialog opens on the title. */
  autoFocus?: boolean;
  /** Fields of the form's own between the names and the phone (the client's email). */
  children?: ReactNode;
}

export default function PersonFields({ idPrefix, value, onChange, errors, countryHint, forSomeoneElse = false, nationalityFirst = false, autoFocus = false, children }: Props) {
  const t = useT();
  const countries = useStore($countries);
  const nationalities = useStore($nationalities);
  const org = useStore($org);
  const id = (field: string) => `${idPrefix}-${field}`;
  const own = !forSomeoneElse;

  // Until one is chosen, the phone's country is the hinted one, else the org's own country, else the default country.
  useEffect(() => {
    if (value.country || countries.length === 0) return;
    const orgCountry = org?.orgBySite?.orgCountryData?.code ?? '';
    const c =
      findCountry(countries, countryHint ?? value.isd, orgCountry) ??
      countries.find((x) => x.countryCode === orgCountry) ??
      countries.find((x) => x.default_country === 1) ??
      countries[0];
    if (c) onChange({ country: c.countryCode, isd: value.isd || c.isdCode });
  }, [value.country, countries, org]);

  const nameField = (field: string, key: 'firstName' | 'lastName', label: string, error: string | undefined, autofill: string) => (
    <Field id={id(field)} label={label} error={error}>
      <input
        {...fieldA11y(id(field), error)}
        className="input"
        type="text"
        name={own ? autofill : undefined}
        autoComplete={own ? autofill : 'off'}
        value={value[key]}
        onChange={(e) => onChange({ [key]: filterName(e.target.value) })}
      />
    </Field>
  );

  const nationality = (
    <Field id={id('nationality')} label={t('auth_nationality')} note={t('auth_optional')} hint={t('auth_nationality_hint')} error={errors.nationality}>
      <NationalityTypeahead
        id={id('nationality')}
        nationalities={nationalities}
        value={value.nationality}
        onChange={(nationalityId) => onChange({ nationality: nationalityId })}
        describedBy={[hintId(id('nationality')), errors.nationality ? errorId(id('nationality')) : ''].filter(Boolean).join(' ')}
        invalid={Boolean(errors.nationality)}
      />
    </Field>
  );

  return (
    <>
      <div className="form-row auth-names">
        <Field id={id('title')} label={t('auth_title')} error={errors.title}>
          <select
            {...fieldA11y(id('title'), errors.title)}
            className="select"
            name={own ? 'title' : undefined}
            value={value.title}
            onChange={(e) => onChange({ title: e.target.value })}
            data-autofocus={autoFocus || undefined}
          >
            <option value="">{t('auth_title_choose')}</option>
            {TITLES.map((title) => (
              <option key={title} value={title}>
                {titleLabel(t, title)}
              </option>
            ))}
          </select>
        </Field>
        {nameField('first', 'firstName', t('auth_first_name'), errors.first_name, 'given-name')}
        {nameField('last', 'lastName', t('auth_last_name'), errors.last_name, 'family-name')}
      </div>
      {children}
      {nationalityFirst ? nationality : null}
      <Field id={id('mobile')} label={t('auth_phone')} note={t('auth_optional')} error={errors.mobile}>
        <div className="phone-group">
          <CountryCodeSelect id={id('country-code')} countries={countries} value={value.country} onChange={(c) => onChange({ country: c.countryCode, isd: c.isdCode })} />
          {/* No maxLength: a pasted "+1 (555) …" must keep its digits; filterMobile keeps at most 15 of them. */}
          <input
            {...fieldA11y(id('mobile'), errors.mobile)}
            className="input"
            type="tel"
            name={own ? 'tel-national' : undefined}
            autoComplete={own ? 'tel-national' : 'off'}
            inputMode="numeric"
            value={value.mobile}
            onChange={(e) => onChange({ mobile: filterMobile(e.target.value) })}
          />
        </div>
      </Field>
      {nationalityFirst ? null : nationality}
    </>
  );
}
