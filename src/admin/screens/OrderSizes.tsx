import { useState } from 'react';
import type { OrderChangeAnswer } from '../../lib/admin-schemas/order-adjustment.ts';
import type { AdminOrderDesign } from '../../lib/admin-schemas/order-sizes.ts';
import { api, ApiError, SessionEndedError } from '../api.ts';
import { Button, NumberField, Select } from '../ui/controls.tsx';

const NO_SIZE = 'one-size';
const sizeKey = (id: string | null) => id ?? NO_SIZE;

/**
 * Changing the pieces of a paid order's design by size (docs/decisions/0029-deposits.md): "+6 XL" is XL from 2 to 8
 * pieces, a size not ordered yet is added, 0 takes one off. The server reprices the design as
 * checkout would (a quantity break applies to every size), takes the pieces off the shelf or
 * puts them back, and says at the field or in words why it refuses (stock short, too few pieces).
 * The design is chosen above it (OrderAdjustment), and the dialog keys this form by it.
 */
export function OrderSizes({
  orderId,
  design,
  onChanged,
}: {
  orderId: string;
  design: AdminOrderDesign;
  onChanged: (done: string, answer: OrderChangeAnswer) => void;
}) {
  const [sizeId, setSizeId] = useState<string | null>(null);
  const [pieces, setPieces] = useState<number | null>(null);
  const [fields, setFields] = useState<{ size?: string; pieces?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const size = design.sizes.find((s) => sizeKey(s.size_id) === sizeId);

  const chooseSize = (key: string | null) => {
    setSizeId(key);
    setPieces(design.sizes.find((s) => sizeKey(s.size_id) === key)?.quantity ?? null);
  };
  const change = async () => {
    setProblem(null);
    const refused = {
      ...(size ? {} : { size: 'Choose a size.' }),
      ...(pieces === null || pieces < 0 || !Number.isInteger(pieces)
        ? { pieces: 'Enter the pieces of this size.' }
        : {}),
    };
    setFields(refused);
    if (!size || refused.pieces) return;
    setPending(true);
    try {
      const answer = await api.post<OrderChangeAnswer>(`orders/${orderId}/sizes`, {
        item_id: design.item_id,
        sizes: [{ size_id: size.size_id, quantity: pieces }],
      });
      setSizeId(null);
      setPieces(null);
      onChanged(`Changed: ${design.label}, ${size.name} ${size.quantity} → ${pieces}.`, answer);
    } catch (e) {
      if (e instanceof SessionEndedError) {
        return;
      }
      const at = e instanceof ApiError ? (e.fields ?? {}) : {};
      const message = e instanceof Error ? e.message : 'The order was not changed.';
      const onSize = at['sizes.0.size_id'];
      const onPieces = at['sizes.0.quantity'] ?? at['sizes'];
      if (onSize || onPieces)
        setFields({ ...(onSize ? { size: onSize } : {}), ...(onPieces ? { pieces: onPieces } : {}) });
      else setProblem(message);
    } finally {
      setPending(false);
    }
  };

  return (
    <fieldset className="adm-fieldset">
      <legend>Change pieces by size</legend>
      <Select
        label="Size"
        options={design.sizes.map((s) => ({ id: sizeKey(s.size_id), label: `${s.name} (${s.quantity} ordered)` }))}
        value={sizeId}
        onChange={chooseSize}
        placeholder="Choose a size"
        errorMessage={fields.size}
      />
      <NumberField
        label="Pieces of this size"
        value={pieces}
        onChange={setPieces}
        step={1}
        errorMessage={fields.pieces}
      />
      <div className="adm-actions">
        <Button isDisabled={pending} onPress={() => void change()}>
          Change pieces
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="adm-field-error">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
