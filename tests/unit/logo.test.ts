// What the console accepts as an org's logo (src/shared/rules/logo.ts, decision 0066): the type read from the bytes, and
// an SVG that draws only itself.
import { describe, expect, it } from 'vitest';
import { LOGO_MSG, sniffLogoType, svgProblem } from '../../src/shared/rules/logo';

const bytes = (s: string) => new TextEncoder().encode(s);
const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs} viewBox="0 0 10 10">${inner}</svg>`;

describe('an org’s logo', () => {
  it('is a PNG, WebP or SVG by its bytes, whatever its name says', () => {
    expect(sniffLogoType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffLogoType(bytes('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffLogoType(bytes(`\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n${svg('')}`))).toBe('image/svg+xml');
    expect(sniffLogoType(bytes('GIF89a'))).toBeNull();
    expect(sniffLogoType(bytes('<html><svg></svg></html>'))).toBeNull();
    expect(sniffLogoType(Uint8Array.from([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it('an SVG of shapes, gradients and its own #references is taken', () => {
    expect(svgProblem(svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/><use href="#g"/><use xlink:href="#g"/>'))).toBeNull();
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>'), LOGO_MSG.svgScript],
    ['an event handler', svg('<rect onload="alert(1)"/>'), LOGO_MSG.svgScript],
    ['a javascript: address', svg('<a href="javascript:alert(1)"><rect/></a>'), LOGO_MSG.svgScript],
    ['an outside image', svg('<image href="https://evil.example/x.png"/>'), LOGO_MSG.svgExternal],
    ['an outside xlink', svg('<use xlink:href="other.svg#x"/>'), LOGO_MSG.svgExternal],
    ['an outside url() in a style', svg('<rect style="fill:url(https://evil.example/p)"/>'), LOGO_MSG.svgExternal],
    ['an @import', svg('<style>@import "https://evil.example/x.css";</style>'), LOGO_MSG.svgExternal],
    ['an embedded document', svg('<foreignObject><p>x</p></foreignObject>'), LOGO_MSG.svgExternal],
    ['a DOCTYPE with entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('')}`, LOGO_MSG.svgUnreadable],
  ])('an SVG with %s is refused, saying why', (_, text, message) => {
    expect(svgProblem(text)).toBe(message);
  });
});
