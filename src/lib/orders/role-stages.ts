import { type OrderStage, STAGE_LABELS } from './order-stages.ts';

/**
 * The stages each staff role may move an order to (issue 45): Production moves jobs into
 * production, Shipping hands them over (shipped, ready for pickup, picked up); the Owner and the
 * Office move anything the state machine allows (order-stages.ts); Art moves nothing (sending a
 * proof is its own action). The server refuses any other move (403, in words) and the admin
 * offers only these. Keyed by the role's key (src/server/staff/roles.ts).
 */
const ROLE_STAGES: Record<string, readonly OrderStage[] | 'any'> = {
  owner: 'any',
  office: 'any',
  art: [],
  production: ['in_production'],
  shipping: ['shipped', 'ready_for_pickup', 'completed'],
};

/** May a person of `role` move an order to `to`? */
export function roleMayMoveTo(role: string, to: OrderStage): boolean {
  const stages = ROLE_STAGES[role] ?? [];
  return stages === 'any' || stages.includes(to);
}

/** Why `role` may not move an order to `to`, in words; null when it may. */
export function roleStageProblem(role: string, roleName: string, to: OrderStage): string | null {
  if (roleMayMoveTo(role, to)) return null;
  const stages = ROLE_STAGES[role] ?? [];
  const open = stages === 'any' ? [] : stages.map((s) => STAGE_LABELS[s].toLowerCase());
  const own = open.length ? ` Your role moves orders only to ${open.join(', ')}.` : '';
  return `Your role (${roleName}) may not move an order to ${STAGE_LABELS[to].toLowerCase()}.${own}`;
}
