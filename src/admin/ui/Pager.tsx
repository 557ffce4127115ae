import { useEffect, useRef, useState } from 'react';
import { Button } from './controls.tsx';

/**
 * Previous / Next under a paged list, with where the owner is ("26–50 of 61 products"), read
 * out when it changes. A button that the page change disables hands the focus to the other one,
 * so a keyboard user is never dropped at the top of the document.
 */
export function Pager({
  label,
  plural,
  offset,
  pageSize,
  shown,
  total,
  onOffset,
}: {
  /** Names the navigation ("Products pages"). */
  label: string;
  /** What the rows are, counted: "products". */
  plural: string;
  offset: number;
  pageSize: number;
  shown: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [handOver, setHandOver] = useState<'previous' | 'next' | null>(null);
  // After the render that disabled the pressed button, when the other one is enabled.
  useEffect(() => {
    if (!handOver) return;
    (handOver === 'previous' ? previous : next).current?.focus();
    setHandOver(null);
  }, [handOver]);
  const go = (to: number) => {
    onOffset(to);
    if (to === 0) setHandOver('next');
    else if (to + pageSize >= total) setHandOver('previous');
  };
  const where =
    total === 0
      ? `No ${plural}`
      : `${offset + 1}–${offset + shown} of ${total} ${total === 1 ? plural.replace(/s$/, '') : plural}`;
  return (
    <nav className="adm-pager" aria-label={label}>
      <Button ref={previous} isDisabled={offset === 0} onPress={() => go(Math.max(0, offset - pageSize))}>
        Previous
      </Button>
      <p className="adm-pager-count" role="status">
        {where}
      </p>
      <Button ref={next} isDisabled={offset + pageSize >= total} onPress={() => go(offset + pageSize)}>
        Next
      </Button>
    </nav>
  );
}
