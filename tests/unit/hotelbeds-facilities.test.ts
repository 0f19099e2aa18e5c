// A bed bank hotel's facilities as its page lists them (functions/outside/hotelbeds.ts facilityWords): the words the
// content gives each one, once each; a facility out of shape is only left out, never a failed import.
import { describe, expect, it } from 'vitest';
import { facilityWords } from '../../functions/outside/hotelbeds';

describe('facilityWords', () => {
  it('takes each facility’s words once, in the content’s order, trimmed', () => {
    const wire = [
      { facilityCode: 261, facilityGroupCode: 70, description: { content: 'Wi-fi' } },
      { facilityCode: 295, facilityGroupCode: 70, description: { content: ' 24-hour reception ' } },
      { facilityCode: 261, facilityGroupCode: 70, description: { content: 'Wi-fi' } },
    ];
    expect(facilityWords(wire)).toEqual(['Wi-fi', '24-hour reception']);
  });

  it('leaves out a facility without words or out of shape, and reads none from nothing', () => {
    const wire = [null, 'Wi-fi', 7, { facilityCode: 1 }, { description: 'Bar' }, { description: { content: 42 } }, { description: { content: '  ' } }, { description: { content: 'Gym' } }];
    expect(facilityWords(wire)).toEqual(['Gym']);
    expect(facilityWords(undefined)).toEqual([]);
    expect(facilityWords([])).toEqual([]);
  });
});
