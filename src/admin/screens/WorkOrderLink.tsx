import { workOrderPath } from '../order-link.ts';
import { SheetLink } from './SheetLink.tsx';

/** "Work order": the order's printable sheet for the press (docs/decisions/0028-owner-and-receipts.md). */
export function WorkOrderLink({ orderId }: { orderId: string }) {
  return <SheetLink path={workOrderPath(orderId)}>Work order</SheetLink>;
}
