// Google and Facebook sign-in in a popup: the provider sends the popup back to this site with the token in the
// address's fragment; the opener reads it, checks the state and closes the popup (functions/dev/sim/google.ts).
import { loadProviders, loadSocialProfile, signInNonce, type Providers } from '../../stores/account';
import { toHex } from '../../shared/rules/digest';

export type Provider = 'google' | 'facebook';
/** A provider as GET /api/auth/providers describes it (Google names a client id, Facebook an app id). */
type ProviderInfo = Providers[Provider] & { clientId?: string; appId?: string };

export class SocialCancelled extends Error {}
export class PopupBlocked extends Error {}

const POLL_MS = 250;
const GIVE_UP_MS = 10 * 60_000;

function randomState() {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

function authorizeAddress(provider: Provider, info: ProviderInfo, state: string, nonce: string): string {
  const url = new URL(info.authorizeUrl, location.origin);
  url.searchParams.set('client_id', (provider === 'google' ? info.clientId : info.appId) ?? '');
  url.searchParams.set('redirect_uri', `${location.origin}/`);
  url.searchParams.set('state', state);
  if (provider === 'google') {
    url.searchParams.set('response_type', 'id_token');
    url.searchParams.set('scope', 'openid email profile');
    url.searchParams.set('nonce', nonce);
  } else {
    url.searchParams.set('response_type', 'token');
    url.searchParams.set('scope', 'email,public_profile');
  }
  return url.toString();
}

/** The fragment the provider sent the popup back with, once it is on this origin again. */
function readReturn(popup: Window): URLSearchParams | null {
  try {
    if (popup.location.origin !== location.origin || popup.location.hash.length < 2) return null;
    return new URLSearchParams(popup.location.hash.slice(1));
  } catch {
    return null; // still on the provider's origin
  }
}

/**
 * Opens the provider's sign-in popup and resolves with its token (Google: the ID token; Facebook: the access
 * token). Call it straight from a click so the browser allows the popup.
 */
export function providerToken(provider: Provider): Promise<string> {
  const state = randomState();
  const popup = window.open('about:blank', `tc-${provider}`, 'popup,width=480,height=640');
  if (!popup) return Promise.reject(new PopupBlocked());
  // Google's ID token must carry a nonce the server issued: signing in with the token spends it (once).
  const nonce = provider === 'google' ? signInNonce() : Promise.resolve('');
  return Promise.all([loadProviders(), nonce]).then(([all, nonce]) => {
    const info = all?.[provider];
    if (!info?.enabled || !info.authorizeUrl || nonce === null) {
      popup.close();
      throw new SocialCancelled('provider off');
    }
    popup.location.href = authorizeAddress(provider, info, state, nonce);
    return new Promise<string>((resolve, reject) => {
      const started = Date.now();
      const timer = setInterval(() => {
        const back = readReturn(popup);
        if (back && back.get('state') === state) {
          clearInterval(timer);
          popup.close();
          const token = back.get(provider === 'google' ? 'id_token' : 'access_token');
          if (token) resolve(token);
          else reject(new SocialCancelled(back.get('error') ?? 'no token'));
        } else if (popup.closed || Date.now() - started > GIVE_UP_MS) {
          clearInterval(timer);
          if (!popup.closed) popup.close();
          reject(new SocialCancelled('closed'));
        }
      }, POLL_MS);
    });
  });
}

/** The body field that carries each provider's token. */
export const tokenField = (provider: Provider) => (provider === 'google' ? 'googletoken' : 'fbtoken');

/** The verified details behind a token, to prefill the sign-up form. */
export const socialProfile = (provider: Provider, token: string) => loadSocialProfile(tokenField(provider), token);
