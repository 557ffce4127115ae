import { workOrderPath } from '../order-link.ts';
import { SheetLink } from './SheetLink.tsx';

/** "Work order": the order's printable sheet for the press (issue #28). */
export function WorkOrderLink({ orderId }: { orderId: string }) {
  return <SheetLink path={workOrderPath(orderId)}>Work order</SheetLink>;
}
