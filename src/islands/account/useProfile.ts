// The signed-in user's profile for the account pages: waits for the login check, loads GET /api/profile once.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Profile } from '../../shared/contract/auth';
import { $profile, $signedIn, loadProfile } from '../../stores/session';
import { runStartup } from '../../stores/startup';

export type ProfileState = 'checking' | 'signed-out' | 'loading' | 'ready' | 'failed';

export function useProfile(): { state: ProfileState; profile: Profile | null; basic: Profile['basicprofile'][number] | null } {
  const signedIn = useStore($signedIn);
  const stored = useStore($profile) as Profile | null;
  const [failed, setFailed] = useState(false);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    if (signedIn !== true || stored) return;
    let live = true;
    void loadProfile().then((p) => live && !p && setFailed(true));
    return () => {
      live = false;
    };
  }, [signedIn]);

  const basic = stored?.basicprofile?.[0] ?? null;
  const state: ProfileState =
    signedIn === null ? 'checking' : signedIn === false ? 'signed-out' : basic ? 'ready' : failed ? 'failed' : 'loading';
  return { state, profile: basic ? stored : null, basic };
}
