import type { ReactNode } from 'react';
import { useSidewaysCue } from '../use-sideways-cue.ts';

/**
 * A table or grid that may be wider than its screen (a phone). While it is, it says so: a hint
 * above it, a shadow at the edge that has more, and a named region the keyboard can reach and
 * scroll with the arrow keys (axe: scrollable-region-focusable). While it fits, it is a plain box
 * and no extra Tab stop.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  const { wrap, cue } = useSidewaysCue();
  return (
    <>
      {cue ? (
        <p className="adm-sideways-hint" aria-hidden="true">
          Scroll sideways for every column →
        </p>
      ) : null}
      <div
        ref={wrap}
        className={cue ? `${className} adm-sideways` : className}
        {...(cue ? { role: 'region', 'aria-label': `${label}, scrolls sideways`, tabIndex: 0 } : {})}
      >
        {children}
      </div>
    </>
  );
}
