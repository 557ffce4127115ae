import type { MouseEvent } from 'react';
import { workOrderPath } from '../order-link.ts';
import { navigateTo } from '../stores.ts';

/** "Work order": the order's printable sheet for the press (issue #28), a real link that routes in the SPA. */
export function WorkOrderLink({ orderId }: { orderId: string }) {
  const path = workOrderPath(orderId);
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateTo(path);
  };
  return (
    <a className="adm-button adm-link-button" href={path} onClick={go}>
      Work order
    </a>
  );
}
