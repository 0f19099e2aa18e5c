// The key prefix of each message catalogue's labels (`<prefix><name>`, docs/decisions/0044-message-keys.md), apart from
// the catalogues themselves: the Worker's registry (./message-keys.ts) and each island's own table for the browser's
// checks read the same prefixes, and an island brings only the catalogue it shows.

export const MESSAGE_PREFIX = {
  accounts: 'auth_msg_',
  console: 'admin_msg_',
  operations: 'ops_msg_',
  agents: 'agent_msg_',
  links: 'link_msg_',
  photos: 'ph_msg_',
  inventory: 'inv_msg_',
  enquiries: 'enquiry_err_',
  logo: 'logo_msg_',
  suppliers: 'sup_msg_',
} as const;

/** A catalogue's texts, each with its label's key. */
export const keyedTexts = (catalogue: Readonly<Record<string, string>>, prefix: string): [text: string, key: string][] =>
  Object.entries(catalogue).map(([name, text]) => [text, `${prefix}${name}`]);
