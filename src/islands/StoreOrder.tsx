import { useLayoutEffect, useRef, useState } from 'react';
import { api, ApiError, errorMessage } from '../lib/browser/http.ts';
import { formatUsd } from '../lib/money.ts';
import type { CheckoutAnswer } from '../lib/cart/checkout-schema.ts';
import { changedText } from './changed-fields.ts';
import { Button } from './ui/Button.tsx';
import { useIslandReady } from './ui/hooks.ts';
import { DesignPicker } from './store/DesignPicker.tsx';
import styles from './store/StoreOrder.module.css';
import type { PickedLine, StoreOrderDesign } from './store/store-order-types.ts';

interface Props {
  slug: string;
  designs: StoreOrderDesign[];
  hasPassword: boolean;
}

/**
 * A team store's order form (docs/decisions/0030-team-stores.md): per design the buyer's picks,
 * then their order with its total, their name and e-mail (and the store's password when it has
 * one), and Pay, which opens the payment page. Prices shown are the store's; the server prices the order again.
 */
export default function StoreOrder({ slug, designs, hasPassword }: Props) {
  const [lines, setLines] = useState<PickedLine[]>([]);
  const [buyerName, setBuyerName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // What the buyer typed before the island hydrated is kept.
  useLayoutEffect(() => {
    const node = root.current!;
    const typedName = changedText(node, 'store-buyer-name');
    const typedEmail = changedText(node, 'store-buyer-email');
    if (typedName !== null) setBuyerName(typedName);
    if (typedEmail !== null) setEmail(typedEmail);
  }, []);
  // Hydrated: the presses client:interaction held (a choice made before) are replayed.
  useIslandReady(root, true);
  const byId = new Map(designs.map((d) => [d.id, d]));
  const unit = (l: PickedLine) => {
    const d = byId.get(l.designId)!;
    return (
      d.priceCents +
      (l.name ? (d.personaliseName?.price_cents ?? 0) : 0) +
      (l.number ? (d.personaliseNumber?.price_cents ?? 0) : 0)
    );
  };
  const words = (l: PickedLine) => {
    const d = byId.get(l.designId)!;
    const color = d.colors.find((c) => c.id === l.colorId)?.name;
    const size = d.sizes.find((s) => s.id === l.sizeId)?.name;
    const extra = [l.name ? `name ${l.name}` : null, l.number ? `number ${l.number}` : null].filter(Boolean);
    return [`${l.quantity} × ${d.name} (${color}, ${size})`, ...extra].join(', ');
  };
  const total = lines.reduce((sum, l) => sum + unit(l) * l.quantity, 0);
  const pay = async () => {
    setProblem(null);
    if (lines.length === 0) return setProblem('Add at least one piece to your order.');
    setPending(true);
    try {
      const answer = await api.post<CheckoutAnswer>(`stores/${slug}/checkout`, {
        lines,
        buyerName,
        email,
        ...(hasPassword ? { password } : {}),
      });
      window.location.assign(answer.url);
    } catch (error) {
      const fields = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
      setProblem([errorMessage(error), ...fields].join(' '));
      setPending(false);
    }
  };
  return (
    <div className={styles.order} ref={root}>
      {designs.map((design) => (
        <section key={design.id} aria-label={`Choose your ${design.name}`} className={styles.design}>
          <h3>Choose your {design.name}</h3>
          <DesignPicker design={design} onAdd={(line) => setLines((now) => [...now, line])} />
        </section>
      ))}
      <section aria-labelledby="store-order-title" className={styles.summary}>
        <h3 id="store-order-title">Your order</h3>
        <div aria-live="polite">
          {lines.length === 0 ? (
            <p>Nothing added yet.</p>
          ) : (
            <ul className={styles.lines}>
              {lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are only appended and removed by position
                <li key={i}>
                  <span>{words(l)}</span> <span>{formatUsd(unit(l) * l.quantity)}</span>{' '}
                  <Button
                    variant="quiet"
                    aria-label={`Remove ${words(l)}`}
                    onPress={() => setLines((now) => now.filter((_, at) => at !== i))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <p>
            Pieces total: <strong>{formatUsd(total)}</strong> (tax added at payment)
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor="store-buyer-name">Your name</label>
          <input
            id="store-buyer-name"
            name="store-buyer-name"
            autoComplete="name"
            value={buyerName}
            onChange={(e) => setBuyerName(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="store-buyer-email">Your e-mail</label>
          <input
            id="store-buyer-email"
            name="store-buyer-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        {hasPassword && (
          <div className={styles.field}>
            <label htmlFor="store-password">Store password (from your organiser)</label>
            <input
              id="store-password"
              type="password"
              aria-describedby="store-password-note"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p id="store-password-note">Once it is accepted, this browser remembers it for this store for 30 days.</p>
          </div>
        )}
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <Button wide isPending={pending} onPress={pay}>
          Pay for my order
        </Button>
      </section>
    </div>
  );
}
