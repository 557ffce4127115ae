import { useEffect, useMemo, useState } from 'react';
import { type DesignLoss, designLoss } from '../lib/cart/design-loss.ts';

type RoundTrip = (html: string) => string;

/**
 * What the Design (rich-text) view would lose of `html`: `pending` until the editor's code has
 * loaded, then the loss (null: nothing, the Design view may open it). The check runs the real
 * editor schema, so it cannot disagree with the editor about what survives.
 */
export function useDesignLoss(html: string): { pending: boolean; loss: DesignLoss | null } {
  const [roundTrip, setRoundTrip] = useState<RoundTrip | null>(null);
  useEffect(() => {
    let live = true;
    void import('./ui/editor-round-trip.ts').then((m) => {
      if (live) setRoundTrip(() => m.editorRoundTrip);
    });
    return () => {
      live = false;
    };
  }, []);
  return useMemo(
    () => (roundTrip ? { pending: false, loss: designLoss(html, roundTrip(html)) } : { pending: true, loss: null }),
    [roundTrip, html],
  );
}
