// Dates in a person's language, from one Intl.DateTimeFormat per language and options (the first one built loads the
// language's data, so they are kept rather than built on every render).

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `language` and `options`, built once. */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

export const MEDIUM_DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
export const LONG_DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long' };
export const SHORT_MONTH_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
/** A day as the search box shows a stay's ends ("Fri, Nov 27", "ven. 27 nov."). */
export const WEEKDAY_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/**
 * A calendar day (`YYYY-MM-DD`, or a timestamp whose first ten characters are the day) in `language`, as that day
 * wherever the reader is (UTC). What Intl refuses (an unknown day or language) comes back as it was given.
 */
export function formatDay(language: string, day: string, options: Intl.DateTimeFormatOptions = MEDIUM_DAY): string {
  try {
    return dateFormat(language, { ...options, timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
  } catch {
    return day;
  }
}

/** A stay from `from` to `to` (calendar days) as one range in `language` ("Apr 10 – 13, 2026", "10–13 avr. 2026"). */
export function formatDayRange(language: string, from: string, to: string | null | undefined, options: Intl.DateTimeFormatOptions = MEDIUM_DAY): string {
  if (!to || to === from) return formatDay(language, from, options);
  try {
    const utc = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00Z`);
    return dateFormat(language, { ...options, timeZone: 'UTC' }).formatRange(utc(from), utc(to));
  } catch {
    return `${from} – ${to}`;
  }
}

/** An instant (ISO timestamp) with its date, time and zone in `language`, shown in `timeZone` (UTC unless told). */
export function formatInstant(language: string, instant: string, timeZone = 'UTC'): string {
  try {
    return dateFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(instant)) + (timeZone === 'UTC' ? ' UTC' : '');
  } catch {
    return instant;
  }
}
