import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '../stores.ts';

/** A link to one of the admin's printable sheets (a work order, packing slips): a real link that routes in the SPA. */
export function SheetLink({ path, children }: { path: string; children: ReactNode }) {
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateTo(path);
  };
  return (
    <a className="adm-button adm-link-button" href={path} onClick={go}>
      {children}
    </a>
  );
}
