import { pageCalendar } from '../../lib/browser/shop-calendar.ts';
import { countingDay } from '../../lib/calendar/shop-calendar.ts';
import { useStore } from '@nanostores/react';
import type { CartItem } from '../../lib/cart/cart-item.ts';
import { turnaroundChoices } from '../../lib/pricing/turnaround.ts';
import { $rush, setRush } from '../../stores/cart.ts';
import { TurnaroundChoice } from '../product/TurnaroundChoice.tsx';

/**
 * The order's turnaround in the cart (docs/decisions/0027-price-lists.md): standard or a rush option of the turnaround
 * list of its list-priced products, with the day each is ready. Shown only when one offers it.
 */
export function CartTurnaround({ items }: { items: readonly CartItem[] }) {
  const rush = useStore($rush);
  const list = items.map((i) => i.list?.product.turnaround_list).find(Boolean);
  if (!list) return null;
  const calendar = pageCalendar();
  const choices = turnaroundChoices(list.data, countingDay(calendar), calendar);
  return <TurnaroundChoice choices={choices} value={rush} error={undefined} onChange={setRush} />;
}
