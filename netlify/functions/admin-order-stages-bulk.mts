import type { Config } from '@netlify/functions';
import { type OrderStageBulkAnswer, orderStageBulkSchema } from '../../src/lib/admin-schemas/order-stage.ts';
import { adminFunction } from '../../src/server/admin/route.ts';
import { DomainError } from '../../src/server/errors.ts';
import { json } from '../../src/server/http.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { moveOrderStage, refuseOthersStage } from '../../src/server/orders/move-stage.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The work queue's bulk move (docs/decisions/0016-order-workflow.md): { ids, to, comment? } moves each order on its own
 * (the state machine checks each; one refused does not stop the others) and answers which
 * moved and why the others did not.
 */
export default adminFunction(async (req, { db, context, actor, staff }) => {
  const input = await readJson(req, orderStageBulkSchema, 16 * 1024);
  // A stage that is not the person's refuses the whole request: nothing moves.
  refuseOthersStage(staff.role, input.to);
  const answer: OrderStageBulkAnswer = { moved: [], refused: [] };
  const mail: string[] = [];
  for (const raw of input.ids) {
    const id = raw.toLowerCase();
    try {
      const moved = await moveOrderStage(db, id, {
        to: input.to,
        actor,
        role: staff.role,
        comment: input.comment ?? null,
      });
      answer.moved.push(id);
      mail.push(...moved.mailIds);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      answer.refused.push({ id, reason: error.message });
    }
  }
  await deliverSoon(db, mail, context);
  return json(answer);
});

export const config: Config = { path: '/api/order-stages', method: 'POST' };
