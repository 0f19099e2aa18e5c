// The API names the label of every message it refuses with (docs/decisions/0044-message-keys.md): each text of the
// catalogues has a key, the key has a label in every language, and its English label says that very text.
import { describe, expect, it } from 'vitest';
import { LABELS, LANGUAGES } from '../../src/shared/i18n';
import { messageKeyOf, messageKeys } from '../../src/shared/i18n/message-keys';
import { errorBody } from '../../functions/errors';
import { LINK_MSG } from '../../src/shared/contract/links';
import { MSG } from '../../src/shared/contract/auth-text';
import { CONSOLE_MSG } from '../../src/shared/contract/console-messages';
import { PHOTO_MSG } from '../../src/shared/rules/photos';
import { failureMessage, keyedText } from '../../src/islands/account/signup-logic';
import { ApiFailure } from '../../src/shared/contract/api-client';

/** Labels that say a refusal in a person's words rather than the API's list of allowed values. */
const REWORDED = new Set([
  'admin_msg_language', 'admin_msg_productCode', 'admin_msg_walletOption', 'admin_msg_nothingToChange', 'admin_msg_role', 'admin_msg_font',
  'ops_msg_kind', 'ops_msg_keyReused', 'ops_msg_labelsEmpty', 'ops_msg_labelsTooMany',
]);
const same = (a: string, b: string) => a.toUpperCase().replace(/[.\s]+$/, '') === b.toUpperCase().replace(/[.\s]+$/, '');

describe('message keys', () => {
  it('every catalogue text has a label in every language, and its English label is the text', () => {
    const missing: string[] = [];
    for (const [text, key] of messageKeys()) {
      const label = LABELS[key];
      if (!label) {
        missing.push(`${key}: no label`);
        continue;
      }
      for (const language of LANGUAGES) if (!label[language]) missing.push(`${key}: no ${language} text`);
      if (!REWORDED.has(key) && !same(label['en-US'], text)) missing.push(`${key}: "${label['en-US']}" is not "${text}"`);
    }
    expect(missing).toEqual([]);
    expect(messageKeys().size).toBeGreaterThan(100);
  });

  it('names the catalogues’ texts and nothing else', () => {
    expect(messageKeyOf(LINK_MSG.slugTaken)).toBe('link_msg_slugTaken');
    expect(messageKeyOf(MSG.invalidCredentials)).toBe('auth_msg_invalidCredentials');
    expect(messageKeyOf(PHOTO_MSG.tooSmall)).toBe('ph_msg_tooSmall');
    expect(messageKeyOf(CONSOLE_MSG[Object.keys(CONSOLE_MSG)[0] as keyof typeof CONSOLE_MSG])).toMatch(/^admin_msg_/);
    expect(messageKeyOf('No route GET /api/nowhere')).toBeUndefined();
  });

  it('the error shape carries the key of its message and of each issue it knows', () => {
    const body = errorBody('BAD_REQUEST', `Invalid destination: ${LINK_MSG.destination}`, [
      { path: 'destination', message: LINK_MSG.destination },
      { path: 'slug', message: 'something else' },
    ]);
    expect(body).toEqual({
      status: 'failed',
      error: {
        code: 'BAD_REQUEST',
        message: `Invalid destination: ${LINK_MSG.destination}`,
        issues: [{ path: 'destination', message: LINK_MSG.destination, key: 'link_msg_destination' }, { path: 'slug', message: 'something else' }],
      },
    });
    expect(errorBody('CONFLICT', LINK_MSG.slugTaken).error).toEqual({ code: 'CONFLICT', message: LINK_MSG.slugTaken, key: 'link_msg_slugTaken' });
  });

  it('an island shows the label the API named, in the page’s language, and matches the text only without a key', () => {
    const fr = (key: string) => LABELS[key]?.['fr-FR'] ?? '';
    const failure = new ApiFailure(409, errorBody('CONFLICT', LINK_MSG.slugTaken));
    expect(keyedText(fr, failureMessage(failure, 'x'))).toBe(LABELS.link_msg_slugTaken!['fr-FR']);
    // The spec's bare answers carry no key: the text is matched as before.
    const bare = new ApiFailure(401, { status: 'failed', message: MSG.invalidCredentials });
    expect(failureMessage(bare, 'x')).toEqual({ message: MSG.invalidCredentials });
    expect(keyedText(fr, failureMessage(bare, 'x'), true)).toBe(LABELS.auth_msg_invalidCredentials!['fr-FR'].toLocaleUpperCase());
    // A key the page has no label for (another area's, not loaded) falls back to the text.
    expect(keyedText(() => '', { message: 'Plain text', key: 'link_msg_slug' })).toBe('Plain text');
  });
});
