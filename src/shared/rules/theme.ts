// An org's theme: WCAG contrast between colours, and the stylesheet written from a theme's checked values only
// (hex colours, a font from a fixed list, a whole-pixel radius), so no text an admin types reaches the CSS.

export type Hex = `#${string}`;

/** Fonts an org may choose, by the name the console shows; each is a stack of installed fonts (nothing downloaded). */
export const FONT_STACKS = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  classical: "Optima, Candara, 'Noto Sans', source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  rounded: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, sans-serif",
} as const;
export type FontFamily = keyof typeof FONT_STACKS;
export const FONT_FAMILIES = Object.keys(FONT_STACKS) as [FontFamily, ...FontFamily[]];

export interface ThemeValues {
  primary: string;
  primary_text: string;
  accent: string;
  background: string;
  text: string;
  font_family: FontFamily;
  radius: number;
}

/** What an org looks like before its admin publishes a theme (the product's own colours). */
export const DEFAULT_THEME: ThemeValues = {
  primary: '#0b5cad',
  primary_text: '#ffffff',
  accent: '#f59e0b',
  background: '#ffffff',
  text: '#1c2430',
  font_family: 'system',
  radius: 12,
};

/** WCAG AA for body text. */
export const MIN_CONTRAST = 4.5;

/** The colour pairs people read: body text, text on buttons, links on the page. [foreground, background]. */
export const CONTRAST_PAIRS = [
  ['text', 'background'],
  ['primary_text', 'primary'],
  ['primary', 'background'],
] as const satisfies readonly (readonly [keyof ThemeValues, keyof ThemeValues])[];
export type ContrastPair = (typeof CONTRAST_PAIRS)[number];

export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#abc` or `#aabbcc` as lower-case `#aabbcc`. */
export function normalHex(hex: string): string {
  const h = hex.trim().toLowerCase();
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h;
}

function channels(hex: string): [number, number, number] {
  const h = normalHex(hex);
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.x). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A ratio as people read it, rounded down so a ratio just under the bar never shows as the bar itself (4.499 → 4.49). */
export const ratioText = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

/** The pairs under WCAG AA, each with its ratio. */
export function contrastFailures(theme: Pick<ThemeValues, 'primary' | 'primary_text' | 'background' | 'text'>) {
  return CONTRAST_PAIRS.map(([fg, bg]) => ({ fg, bg, ratio: contrastRatio(theme[fg], theme[bg]) })).filter((p) => p.ratio < MIN_CONTRAST);
}

/** The sentence naming a pair under the bar (the API's message; the console shows it translated). */
export const contrastMessage = (fg: string, bg: string, ratio: number) =>
  `${fg} on ${bg} has a contrast of ${ratioText(ratio)}:1; WCAG AA needs at least ${MIN_CONTRAST}:1`;
const CONTRAST_MESSAGE = /^(\w+) on (\w+) has a contrast of ([\d.]+):1; WCAG AA needs at least [\d.]+:1$/;
export function readContrastMessage(text: string): { fg: string; bg: string; ratio: string } | null {
  const m = CONTRAST_MESSAGE.exec(text);
  return m ? { fg: m[1]!, bg: m[2]!, ratio: m[3]! } : null;
}

/** `weight` parts of `a` mixed with the rest of `b`, as hex. */
export function mix(a: string, b: string, weight: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return `#${ca.map((c, i) => Math.round(c * weight + cb[i]! * (1 - weight)).toString(16).padStart(2, '0')).join('')}`;
}

/** Text softened toward the background as far as it stays readable (the muted texts: hints, captions). */
function mutedText(text: string, background: string): string {
  for (const weight of [0.7, 0.8, 0.9]) {
    const muted = mix(text, background, weight);
    if (contrastRatio(muted, background) >= MIN_CONTRAST) return muted;
  }
  return text;
}

/** The custom properties of a checked theme, every value computed from the checked values. */
export function themeVars(theme: ThemeValues): [string, string][] {
  const c = Object.fromEntries(
    (['primary', 'primary_text', 'accent', 'background', 'text'] as const).map((k) => [k, normalHex(theme[k])]),
  ) as Record<'primary' | 'primary_text' | 'accent' | 'background' | 'text', string>;
  const radius = Math.max(0, Math.min(24, Math.round(theme.radius)));
  return [
    ['--brand', c.primary],
    ['--brand-ink', c.primary_text],
    ['--brand-soft', mix(c.primary, c.background, 0.1)],
    ['--accent', c.accent],
    ['--header-bg', c.background],
    // The page and its cards share the background: the contrast checked is the contrast shown everywhere.
    ['--bg', c.background],
    ['--surface', c.background],
    ['--ink', c.text],
    ['--ink-2', c.text],
    ['--muted', mutedText(c.text, c.background)],
    ['--line', mix(c.text, c.background, 0.12)],
    ['--line-strong', mix(c.text, c.background, 0.24)],
    ['--font', FONT_STACKS[theme.font_family]],
    ['--radius-sm', `${Math.round((radius * 2) / 3)}px`],
    ['--radius', `${radius}px`],
    ['--radius-lg', `${Math.round(radius * 1.5)}px`],
  ];
}

/** The stylesheet of a checked theme: custom properties only. */
export const themeCss = (theme: ThemeValues) => `:root{${themeVars(theme).map(([k, v]) => `${k}:${v};`).join('')}}`;
