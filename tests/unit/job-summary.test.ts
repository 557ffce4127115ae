import { describe, expect, it } from 'vitest';
import { jobSummary } from '../../src/lib/orders/job-summary.ts';

const line = (name: string, quantity: number, locations: string[] = [], item_type = 'product') => ({
  name,
  item_type,
  quantity,
  variant_metadata: { locations: locations.map((l) => ({ code: l.toLowerCase(), name: l, artwork_id: null })) },
});

describe('the work queue’s job in words', () => {
  it('adds a product’s sizes together and names its print locations once', () => {
    expect(jobSummary([line('Tourney Tee', 6, ['Front', 'Back']), line('Tourney Tee', 18, ['Front', 'Back'])])).toEqual(
      {
        job: '24 × Tourney Tee, front + back',
        pieces: 24,
      },
    );
  });

  it('leaves charges out of the pieces and names two products, then how many more', () => {
    expect(
      jobSummary([
        line('Tourney Tee', 24, ['Front']),
        line('Screen setup', 2, [], 'setup'),
        line('Hoodie', 12),
        line('Cap', 6, ['Front'], 'quoted'),
        line('Banner', 1, [], 'custom'),
      ]),
    ).toEqual({ job: '24 × Tourney Tee, front; 12 × Hoodie and 2 more', pieces: 43 });
  });

  it('is empty for an order without lines', () => {
    expect(jobSummary([])).toEqual({ job: '', pieces: 0 });
  });
});
