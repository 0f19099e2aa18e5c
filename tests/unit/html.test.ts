// Markup drawn at the edge (src/shared/render/html.ts): the same rules as drawing into the DOM, and nothing a value holds
// can become markup.
import { describe, expect, it } from 'vitest';
import { html, markup } from '../../src/shared/render/html';

describe('html', () => {
  it('writes attributes as dom.ts sets them: className is the class, true an empty attribute, false and null none', () => {
    expect(html('input', { className: 'input', type: 'number', min: 1, disabled: true, checked: false, value: null }).html).toBe('<input class="input" type="number" min="1" disabled="">');
    expect(html('p', {}, 'a', null, false, undefined, html('b', {}, 'c')).html).toBe('<p>a<b>c</b></p>');
  });

  it('escapes text and attribute values; markup passes as it is', () => {
    const name = `<img src=x onerror="alert(1)"> & 'co'`;
    expect(html('h3', { 'aria-label': name }, name).html).toBe(
      '<h3 aria-label="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;</h3>',
    );
    expect(html('button', {}, markup('<svg></svg>'), 'x').html).toBe('<button><svg></svg>x</button>');
  });

  it('refuses a tag or attribute name that is not one', () => {
    expect(() => html('p onclick=x', {})).toThrow();
    expect(() => html('p', { 'x" onclick="y': 1 })).toThrow();
  });
});
