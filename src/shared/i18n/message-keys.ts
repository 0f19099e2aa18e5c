// Every message a rule or the API can refuse with, and the label that says it in the page's language
// (docs/decisions/0044-message-keys.md). The API sends the label's key beside the English text of every refusal in the
// error shape (`error.key`, `issues[].key`), so the browser shows the text in the page's language without matching
// English back to a key. The Worker reads this table; the islands read only the keys the answers carry.
import { MSG } from '../contract/auth-text';
import { TWOFA_MSG } from '../contract/second-factor-text';
import { AGENT_MSG } from '../contract/agent-text';
import { CONSOLE_MSG, OPS_MSG } from '../contract/console-messages';
import { ENQUIRY_MSG } from '../contract/enquiry-text';
import { INVENTORY_MSG } from '../contract/inventory-text';
import { LINK_MSG } from '../contract/links-text';
import { SUPPLIER_MSG } from '../contract/supplier-text';
import { ALT_MSG } from '../contract/photos';
import { PASSWORD_MSG } from '../rules/password';
import { PHOTO_MSG } from '../rules/photos';
import { LOGO_MSG } from '../rules/logo';
import { keyedTexts, MESSAGE_PREFIX as P } from './message-prefixes';

type Catalogue = Readonly<Record<string, string>>;

/** Each catalogue with the prefix of its labels' keys; the first catalogue naming a text keys it. */
const CATALOGUES: [Catalogue, string][] = [
  [MSG, P.accounts],
  [PASSWORD_MSG, P.accounts],
  [TWOFA_MSG, P.accounts],
  [CONSOLE_MSG, P.console],
  [OPS_MSG, P.operations],
  [AGENT_MSG, P.agents],
  [LINK_MSG, P.links],
  [PHOTO_MSG, P.photos],
  [{ alt: ALT_MSG }, P.photos],
  [INVENTORY_MSG, P.inventory],
  [LOGO_MSG, P.logo],
  [SUPPLIER_MSG, P.suppliers],
  // The enquiry form's labels name its fields (the e-mail's messages are the accounts' own, keyed above).
  [{ name: ENQUIRY_MSG.name, message: ENQUIRY_MSG.message, order: ENQUIRY_MSG.order, travellers: ENQUIRY_MSG.travellers }, P.enquiries],
];

const KEYS = new Map<string, string>();
for (const [catalogue, prefix] of CATALOGUES) {
  for (const [text, key] of keyedTexts(catalogue, prefix)) {
    if (!KEYS.has(text)) KEYS.set(text, key);
  }
}

/** The label key of a message the API sends, when it is one of the catalogues' texts. */
export const messageKeyOf = (text: string): string | undefined => KEYS.get(text);

/** Every text with its key (the unit test checks each key has a label in every language). */
export const messageKeys = (): ReadonlyMap<string, string> => KEYS;
