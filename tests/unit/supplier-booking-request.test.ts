// What we send a bed bank when a paid booking is booked there (decision 0070): our reference as clientReference, the
// traveller as holder, each room's guests with the children's ages; and a cancel's fee as the booking's share of it.
import { describe, expect, it } from 'vitest';
import { cancelFeeInBooking, supplierBookingRequest } from '../../functions/flows/supplier-bookings';

const booking = (occupancy: string, guests = 2, traveler = { first_name: 'Ana', last_name: 'García' }) => ({
  booking_ref: 'BK-AAAAA-BBBBB', supplier_rate_key: 'key|1', traveler: JSON.stringify(traveler), occupancy, guests,
});

describe('the supplier booking request', () => {
  it('names the traveller as holder and puts every guest of every room, children with their ages', () => {
    expect(supplierBookingRequest(booking('["2-5,9","1"]', 5))).toEqual({
      clientReference: 'BK-AAAAA-BBBBB',
      holder: { name: 'Ana', surname: 'García' },
      rooms: [{
        rateKey: 'key|1',
        paxes: [
          { roomId: 1, type: 'adult', name: 'Ana', surname: 'García' },
          { roomId: 1, type: 'adult', name: '', surname: '' },
          { roomId: 1, type: 'child', name: '', surname: '', age: 5 },
          { roomId: 1, type: 'child', name: '', surname: '', age: 9 },
          { roomId: 2, type: 'adult', name: '', surname: '' },
        ],
      }],
    });
  });

  it('a booking without rooms (guests only) is one room of its guests; a traveller without a name still has a holder', () => {
    const request = supplierBookingRequest(booking('[]', 3, {} as never));
    expect(request.holder).toEqual({ name: 'Guest', surname: 'BK-AAAAA-BBBBB' });
    expect(request.rooms[0]!.paxes.map((p) => `${p.roomId}${p.type}`)).toEqual(['1adult', '1adult', '1adult']);
  });
});

describe('the supplier booking request of a stay whose rooms hold different parties (decision 0076)', () => {
  it('sends one room per part with its rate key, its guests numbered by room within the part, children with ages', () => {
    const key = JSON.stringify([{ occupancy: ['2'], rate_key: 'k-couple', net_minor: 100 }, { occupancy: ['2-5,9', '2-9,5'], rate_key: 'k-family', net_minor: 300 }]);
    const request = supplierBookingRequest({ ...booking('["2","2-5,9","2-9,5"]', 10), supplier_rate_key: key });
    expect(request.rooms.map((r) => r.rateKey)).toEqual(['k-couple', 'k-family']);
    expect(request.rooms[0]!.paxes).toEqual([
      { roomId: 1, type: 'adult', name: 'Ana', surname: 'García' },
      { roomId: 1, type: 'adult', name: '', surname: '' },
    ]);
    expect(request.rooms[1]!.paxes.map((p) => `${p.roomId}${p.type}${p.age ?? ''}`)).toEqual(['1adult', '1adult', '1child5', '1child9', '2adult', '2adult', '2child9', '2child5']);
  });
});

describe('the supplier’s cancellation fee in the booking', () => {
  it('is the same share of the price as the fee is of the net (markup included), never above the price', () => {
    expect(cancelFeeInBooking({ price_minor: 22_000 }, 5_000, 20_000)).toBe(5_500);
    expect(cancelFeeInBooking({ price_minor: 22_000 }, 0, 20_000)).toBe(0);
    expect(cancelFeeInBooking({ price_minor: 22_000 }, 25_000, 20_000)).toBe(22_000);
    expect(cancelFeeInBooking({ price_minor: 22_000 }, 1, 0)).toBe(22_000);
  });
});
