/** Exports cost what they cost: a few at a time per account and per instance, the rest told to wait. */
import { ExportSlots } from '../../server/http/exportSlots';

describe('ExportSlots', () => {
  it('gives an account at most its share, and the instance at most its total', () => {
    const slots = new ExportSlots(2, 3);
    const first = slots.take(1);
    const second = slots.take(1);
    expect(first && second).toBeTruthy();
    expect(slots.take(1)).toBeUndefined();
    const other = slots.take(2);
    expect(other).toBeDefined();
    // Three running: nobody else now.
    expect(slots.take(3)).toBeUndefined();
    expect(slots.size).toBe(3);

    first!();
    first!(); // released once only
    expect(slots.size).toBe(2);
    expect(slots.take(3)).toBeDefined();
    expect(slots.take(1)).toBeUndefined();
  });
});
