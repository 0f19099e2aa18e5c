// The free-cancellation deadline on the hotel's own clock: 18:00 local on the last free day, across changes of offset.
import { describe, expect, it } from 'vitest';
import { cancellableAt, deadlineInHotelTime, freeCancellationDeadline, zonedInstant, zonesStillFree } from '../../src/shared/rules/cancellation';

describe('the deadline in the hotel time zone', () => {
  it('is 18:00 on the hotel clock of the last free day, whatever the zone', () => {
    expect(freeCancellationDeadline('HLT', '2026-12-14', 'Europe/Paris')).toBe('2026-12-12T17:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-12-14', 'America/New_York')).toBe('2026-12-12T23:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-12-14', 'Asia/Tokyo')).toBe('2026-12-12T09:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-12-14', 'Pacific/Honolulu')).toBe('2026-12-13T04:00:00.000Z');
    expect(freeCancellationDeadline('STY', '2026-12-14', 'Asia/Kathmandu')).toBe('2026-12-07T12:15:00.000Z');
    expect(freeCancellationDeadline('RST', '2026-12-14', 'Europe/Paris')).toBeNull();
  });

  it('follows summer time on both sides of each change (Paris, New York, Sydney)', () => {
    // Paris: CET +1 until 29 March 2026 01:00 UTC, CEST +2 until 25 October 01:00 UTC.
    expect(freeCancellationDeadline('HLT', '2026-03-30', 'Europe/Paris')).toBe('2026-03-28T17:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-03-31', 'Europe/Paris')).toBe('2026-03-29T16:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-10-26', 'Europe/Paris')).toBe('2026-10-24T16:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-10-27', 'Europe/Paris')).toBe('2026-10-25T17:00:00.000Z');
    // New York: EST −5 until 8 March 2026, EDT −4 until 1 November.
    expect(freeCancellationDeadline('HLT', '2026-03-09', 'America/New_York')).toBe('2026-03-07T23:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-03-10', 'America/New_York')).toBe('2026-03-08T22:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-11-03', 'America/New_York')).toBe('2026-11-01T23:00:00.000Z');
    // Sydney, southern hemisphere: AEDT +11 until 5 April 2026, AEST +10 until 4 October.
    expect(freeCancellationDeadline('HLT', '2026-04-06', 'Australia/Sydney')).toBe('2026-04-04T07:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-04-07', 'Australia/Sydney')).toBe('2026-04-05T08:00:00.000Z');
    expect(freeCancellationDeadline('HLT', '2026-10-06', 'Australia/Sydney')).toBe('2026-10-04T07:00:00.000Z');
  });

  it('reads wall times next to a change the way the zone does: a skipped hour lands after the gap', () => {
    expect(new Date(zonedInstant('2026-03-29', 1, 'Europe/Paris')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(zonedInstant('2026-03-29', 3, 'Europe/Paris')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(zonedInstant('2026-03-29', 2, 'Europe/Paris')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('keeps UTC for a zone Intl does not know', () => {
    expect(freeCancellationDeadline('HLT', '2026-12-14', 'Mars/Olympus')).toBe('2026-12-12T18:00:00.000Z');
  });

  it('allows a cancel up to the deadline minute, not at it', () => {
    const deadline = Date.parse(freeCancellationDeadline('HLT', '2026-12-14', 'Europe/Paris')!);
    expect(cancellableAt('HLT', '2026-12-14', 'Europe/Paris', deadline - 60_000)).toBe(true);
    expect(cancellableAt('HLT', '2026-12-14', 'Europe/Paris', deadline - 1)).toBe(true);
    expect(cancellableAt('HLT', '2026-12-14', 'Europe/Paris', deadline)).toBe(false);
    expect(cancellableAt('RST', '2026-12-14', 'Europe/Paris', 0)).toBe(false);
  });

  it('keeps for the search filter exactly the zones whose deadline is still ahead', () => {
    // 12 Dec 2026 at 12:00 UTC: 13:00 in Paris (before 18:00), 21:00 in Tokyo (after), 07:00 in New York (before).
    const now = Date.parse('2026-12-12T12:00:00Z');
    expect(zonesStillFree('HLT', '2026-12-14', ['Europe/Paris', 'Asia/Tokyo', 'America/New_York'], now)).toEqual(['Europe/Paris', 'America/New_York']);
    expect(zonesStillFree('RST', '2026-12-30', ['Europe/Paris'], now)).toEqual([]);
  });

  it('is shown on the hotel clock in the reader language', () => {
    const deadline = freeCancellationDeadline('HLT', '2026-12-14', 'Europe/Paris')!;
    expect(deadlineInHotelTime('en-US', deadline, 'Europe/Paris')).toBe('Dec 12, 2026, 18:00');
    expect(deadlineInHotelTime('fr-FR', deadline, 'Europe/Paris')).toBe('12 déc. 2026, 18:00');
    expect(deadlineInHotelTime('en-US', freeCancellationDeadline('HLT', '2026-12-14', 'Asia/Tokyo')!, 'Asia/Tokyo')).toBe('Dec 12, 2026, 18:00');
  });
});
