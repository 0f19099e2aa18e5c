// CSV as spreadsheets write and read it (RFC 4180): quoted fields may hold commas, quotes (doubled) and line breaks.
// Used by the console's card import (reading) and bookings export (writing).

export interface CsvRecord {
  /** The line the record starts on (1 is the header). */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/** Records of `text`; a quote left open or text after a closing quote is a CsvSyntaxError naming its line. */
export function parseCsv(text: string): CsvRecord[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let afterQuote = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
    afterQuote = false;
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') (field += '"'), i++;
        else (quoted = false), (afterQuote = true);
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else if (ch === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      throw new CsvSyntaxError(line, 'Text after a closing quote: put the whole field in quotes');
    } else {
      field += ch;
    }
  }
  if (quoted) throw new CsvSyntaxError(start, 'A quote is opened and never closed');
  endRecord();
  return records;
}

/** One field, quoted when it holds a comma, a quote, a line break or leading/trailing space. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ makes spreadsheets run the cell as a formula: an apostrophe keeps it text.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
