// The session cookies' names and when they are Secure (docs/contract.md#sessions); functions/http/cookies.ts writes them.
import { hostName } from '../db/orgs';

/** Marks a browser whose last session came from single sign-on, so checkLogin can send it back to the org's portal. */
export const SSO_MARK_COOKIE = 'ssoSession';

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';

/** Secure everywhere except plain http on localhost names (browsers drop Secure cookies there). */
export const secureFor = (protocol: string, hostHeader: string) => !(protocol === 'http:' && isLocalName(hostName(hostHeader)));
