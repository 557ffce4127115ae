import type { Kysely } from 'kysely';
import { chosenTurnaround, readyBy } from '../../lib/pricing/turnaround.ts';
import type { TurnaroundList } from '../../lib/pricing/lists.ts';
import type { PricedQuoteLine } from '../../lib/quotes/quote-pricing.ts';
import { countingDay } from '../../lib/calendar/shop-calendar.ts';
import type { Database } from '../db/types.ts';
import { keptListKey, listsAsKept } from '../orders/lists-as-kept.ts';
import { readShopCalendar } from '../settings/shop-calendar.ts';

/**
 * The day an accepted quote promises (issue 41, item 13), as checkout promises a cart's: the
 * working days of the shop's calendar in the turnaround its lines were priced with (standard or the rush chosen),
 * counted from the shop's day of the Accept. The list is read at the version the revision kept
 * (the one its rush was charged from; a version never kept: the list now). Null for a quote no
 * turnaround list priced (free lines, flat-priced products) or whose list is gone.
 */
export async function quoteReadyBy(
  db: Kysely<Database>,
  lines: readonly PricedQuoteLine[],
  acceptedAt: Date,
): Promise<string | null> {
  const record = lines.find((l) => l.pricing?.lists.some((r) => r.role === 'turnaround'))?.pricing;
  const ref = record?.lists.find((r) => r.role === 'turnaround');
  if (!record || !ref) return null;
  const kept = (await listsAsKept(db, [ref])).get(keptListKey(ref));
  if (!kept) return null;
  const chosen = chosenTurnaround(kept.data as TurnaroundList, record.inputs.rush);
  if (!chosen) return null;
  const calendar = await readShopCalendar(db);
  return readyBy(countingDay(calendar, acceptedAt), chosen.businessDays, calendar).date;
}
