// The theme rules: WCAG contrast, the pairs under AA named with their ratio, and a stylesheet written from checked values only.
import { describe, expect, it } from 'vitest';
import { ThemeSchema } from '../../src/shared/contract/console';
import { contrastFailures, contrastRatio, DEFAULT_THEME, readContrastMessage, ratioText, themeCss } from '../../src/shared/rules/theme';

describe('contrast', () => {
  it('matches the WCAG figures: black on white 21:1, a colour on itself 1:1, #767676 on white just over 4.5:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0b5cad', '#0b5cad')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('a ratio just under the bar is never shown as the bar', () => {
    expect(ratioText(4.4999)).toBe('4.49');
    expect(ratioText(21)).toBe('21.00');
  });

  it('the product’s own colours pass; a pale text, pale links or a button without contrast are named with their ratio', () => {
    expect(contrastFailures(DEFAULT_THEME)).toEqual([]);
    const failures = contrastFailures({ ...DEFAULT_THEME, text: '#999999', primary_text: '#0b5cad' });
    expect(failures.map((f) => `${f.fg}/${f.bg}`)).toEqual(['text/background', 'primary_text/primary']);
    const parsed = ThemeSchema.safeParse({ ...DEFAULT_THEME, primary: '#ffd400', primary_text: '#000000' });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path).toEqual(['primary']);
    expect(readContrastMessage(issue.message)).toEqual({ fg: 'primary', bg: 'background', ratio: ratioText(contrastRatio('#ffd400', '#ffffff')) });
  });
});

describe('the theme stylesheet', () => {
  it('holds custom properties only, each value from the checked theme', () => {
    const css = themeCss({ ...DEFAULT_THEME, primary: '#123', radius: 6, font_family: 'serif' });
    expect(css).toMatch(/^:root\{(--[a-z0-9-]+:[^;{}<>]+;)+\}$/);
    expect(css).toContain('--brand:#112233;');
    expect(css).toContain('--radius:6px;');
    expect(css).toContain('--font:Charter,');
  });

  it('refuses anything but hex colours, a listed font and a radius of 0 to 24: nothing else can reach the CSS', () => {
    for (const bad of [
      { primary: 'red' },
      { primary: '#0b5cad;}body{display:none' },
      { background: 'url(javascript:alert(1))' },
      { font_family: 'Comic Sans;}' },
      { radius: 25 },
      { radius: 2.5 },
      { extra: 'x' },
    ]) {
      expect(ThemeSchema.safeParse({ ...DEFAULT_THEME, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('keeps the muted text readable on the chosen background', () => {
    const css = themeCss({ ...DEFAULT_THEME, text: '#595959' });
    const muted = /--muted:(#[0-9a-f]{6});/.exec(css)![1]!;
    expect(contrastRatio(muted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
