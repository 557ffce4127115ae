import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways inside this: a named region the keyboard can
 * reach and scroll with the arrow keys (axe: scrollable-region-focusable).
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
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab to scroll it by keyboard
    <section className={className} aria-label={`${label}, scrollable`} tabIndex={0}>
      {children}
    </section>
  );
}
