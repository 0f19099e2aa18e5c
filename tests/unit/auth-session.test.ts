// Session lifetimes: browser-session sign-ins end after 12 idle hours or 7 days; remembered ones after 30 days.
import { describe, expect, it } from 'vitest';
import { ABSOLUTE_MS, IDLE_MS, REMEMBER_MS, sessionAlive } from '../../functions/auth/session';

const H = 3600_000;
const session = (remember: boolean, createdAt: number, lastSeen: number) => ({
  session_remember: remember ? 1 : 0,
  session_last_seen_at: lastSeen,
  session_expires_at: createdAt + (remember ? REMEMBER_MS : ABSOLUTE_MS),
});

describe('session lifetime', () => {
  it('a browser-session sign-in ends after 12 hours without requests', () => {
    expect(IDLE_MS).toBe(12 * H);
    expect(sessionAlive(session(false, 0, 0), 12 * H - 1)).toBe(true);
    expect(sessionAlive(session(false, 0, 0), 12 * H)).toBe(false);
  });

  it('activity slides the idle limit, but not past 7 days', () => {
    expect(sessionAlive(session(false, 0, 6 * 24 * H), 6 * 24 * H + 11 * H)).toBe(true);
    expect(sessionAlive(session(false, 0, 7 * 24 * H - H), 7 * 24 * H)).toBe(false);
  });

  it('a remembered sign-in lasts 30 days, idle or not', () => {
    expect(REMEMBER_MS).toBe(30 * 24 * H);
    expect(sessionAlive(session(true, 0, 0), 29 * 24 * H)).toBe(true);
    expect(sessionAlive(session(true, 0, 29 * 24 * H), 30 * 24 * H)).toBe(false);
  });
});
