import { useEffect, useRef, useState } from 'react';

/**
 * Whether a box is wider than its screen (a price grid on a phone): the box to watch, and whether
 * to say that it scrolls sideways. A phone shows no scrollbar until a finger moves it.
 */
export function useSidewaysCue() {
  const wrap = useRef<HTMLDivElement>(null);
  const [cue, setCue] = useState(false);
  useEffect(() => {
    const box = wrap.current;
    if (!box) return;
    const check = () => setCue(box.scrollWidth > box.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { wrap, cue };
}
