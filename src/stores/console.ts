// The org console's client state: who is looking (from the session's stored role) and the console's API calls.
import { computed } from 'nanostores';
import { $signedIn, $user } from './session';

export type ConsoleAccess = 'checking' | 'signed-out' | 'other' | 'admin' | 'marketer';

export const $consoleAccess = computed([$signedIn, $user], (signedIn, user): ConsoleAccess => {
  if (signedIn === null) return 'checking';
  if (!signedIn) return 'signed-out';
  return user?.role === 'admin' ? 'admin' : user?.role === 'marketer' ? 'marketer' : 'other';
});

/** How long a refused visitor reads the message before being sent on. */
export const CONSOLE_AWAY_MS = 1500;
