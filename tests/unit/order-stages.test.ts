import { describe, expect, it } from 'vitest';
import {
  isOrderStage,
  moveProblem,
  ORDER_STAGES,
  type OrderStage,
  openMoves,
  type StageActor,
  type StageContext,
  stageOnPayment,
} from '../../src/lib/orders/order-stages.ts';

const printedShipping: StageContext = { fulfillment: 'shipping', printed: true, artworkMissing: false };
const printedLocal: StageContext = { ...printedShipping, fulfillment: 'local' };
const plain: StageContext = { fulfillment: 'shipping', printed: false, artworkMissing: false };
const waiting: StageContext = { ...printedShipping, artworkMissing: true };

/** Every move the state machine allows, with who makes it and for which order. */
const ALLOWED: [OrderStage, OrderStage, StageActor, StageContext][] = [
  ['paid', 'awaiting_artwork', 'owner', waiting],
  ['paid', 'proof_sent', 'owner', printedShipping],
  ['paid', 'in_production', 'owner', plain],
  ['awaiting_artwork', 'proof_sent', 'owner', waiting],
  ['proof_sent', 'changes_requested', 'customer', printedShipping],
  ['proof_sent', 'approved', 'customer', printedShipping],
  ['proof_sent', 'approved', 'owner', printedShipping],
  ['changes_requested', 'proof_sent', 'owner', printedShipping],
  ['approved', 'in_production', 'owner', printedShipping],
  ['in_production', 'shipped', 'owner', printedShipping],
  ['in_production', 'ready_for_pickup', 'owner', printedLocal],
  ['shipped', 'completed', 'owner', printedShipping],
  ['ready_for_pickup', 'completed', 'owner', printedLocal],
];

describe('order stages (docs/decisions/0016-order-workflow.md)', () => {
  it.each(ALLOWED)('%s → %s by the %s is allowed', (from, to, actor, context) => {
    expect(moveProblem(from, to, actor, context)).toBeNull();
    expect(openMoves(from, actor, context)).toContain(to);
  });

  it('refuses every other pair of stages, for either actor, with a reason in words', () => {
    const contexts = [printedShipping, printedLocal, plain, waiting];
    for (const from of ORDER_STAGES) {
      for (const to of ORDER_STAGES) {
        for (const actor of ['owner', 'customer'] as const) {
          const allowed = ALLOWED.some(([f, t, a]) => f === from && t === to && a === actor);
          if (allowed) continue;
          for (const context of contexts) {
            if (moveProblem(from, to, actor, context) === null) {
              // Only the allowed moves may pass; these are open for their own contexts only.
              expect.unreachable(`${from} → ${to} by ${actor} passed for ${JSON.stringify(context)}`);
            }
          }
        }
      }
    }
    expect(moveProblem('completed', 'paid', 'owner', plain)).toBe('An order that is completed cannot become paid.');
  });

  it('keeps the customer to the proof, and the shop to everything else', () => {
    expect(moveProblem('proof_sent', 'changes_requested', 'owner', printedShipping)).toBe(
      'Only the customer can mark an order changes requested.',
    );
    expect(moveProblem('approved', 'in_production', 'customer', printedShipping)).toBe(
      'Only the shop can mark an order in production.',
    );
    expect(openMoves('proof_sent', 'customer', printedShipping)).toEqual(['changes_requested', 'approved']);
    expect(openMoves('in_production', 'customer', printedShipping)).toEqual([]);
  });

  it('sends printed orders through a proof, lets plain ones skip it, and waits for missing artwork', () => {
    expect(moveProblem('paid', 'in_production', 'owner', printedShipping)).toBe(
      'A printed order goes to production after its proof is approved.',
    );
    expect(moveProblem('paid', 'proof_sent', 'owner', plain)).toBe(
      'Nothing on this order is printed, so there is no proof to send.',
    );
    expect(moveProblem('paid', 'proof_sent', 'owner', waiting)).toBe(
      'Some artwork has not arrived yet: the order waits for it.',
    );
    // Missing artwork arrives by e-mail: the proof made from it is what ends the wait.
    expect(moveProblem('awaiting_artwork', 'proof_sent', 'owner', waiting)).toBeNull();
    expect(moveProblem('awaiting_artwork', 'in_production', 'owner', waiting)).toMatch(/cannot become in production/);
    expect(moveProblem('paid', 'awaiting_artwork', 'owner', printedShipping)).toBe('All artwork is here.');
    expect(stageOnPayment({ artworkMissing: true })).toBe('awaiting_artwork');
    expect(stageOnPayment({ artworkMissing: false })).toBe('paid');
  });

  it('ships shipping orders and hands local ones over for pickup, never the other way', () => {
    expect(openMoves('in_production', 'owner', printedShipping)).toEqual(['shipped']);
    expect(openMoves('in_production', 'owner', printedLocal)).toEqual(['ready_for_pickup']);
    expect(moveProblem('in_production', 'shipped', 'owner', printedLocal)).toBe(
      'This order is picked up, not shipped.',
    );
    expect(openMoves('completed', 'owner', printedShipping)).toEqual([]);
  });

  it('knows its stages', () => {
    expect(isOrderStage('proof_sent')).toBe(true);
    expect(isOrderStage('refunded')).toBe(false);
    expect(isOrderStage(3)).toBe(false);
  });
});

describe('payment terms gate production (docs/decisions/0029-deposits.md)', () => {
  const owing: StageContext = { ...printedShipping, owedBeforePrintingCents: 31_300 };
  const words =
    'This order is paid in full before printing: $313.00 is still owed. Production starts once the balance is paid.';

  it('holds an approved order that owes its balance before printing, in words', () => {
    expect(moveProblem('approved', 'in_production', 'owner', owing)).toBe(words);
    expect(openMoves('approved', 'owner', owing)).toEqual([]);
    expect(moveProblem('approved', 'in_production', 'owner', { ...owing, owedBeforePrintingCents: 0 })).toBeNull();
  });

  it('holds an unprinted order too, and leaves every other move alone', () => {
    expect(moveProblem('paid', 'in_production', 'owner', { ...plain, owedBeforePrintingCents: 500 })).toBe(
      words.replace('$313.00', '$5.00'),
    );
    expect(moveProblem('proof_sent', 'approved', 'customer', owing)).toBeNull();
    expect(moveProblem('in_production', 'shipped', 'owner', owing)).toBeNull();
  });
});
