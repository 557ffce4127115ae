import { useEffect, useRef, useState } from 'react';
import type { OrderChangeAnswer } from '../../lib/admin-schemas/order-adjustment.ts';
import type { AdminAddableLocation, AdminOrderDesign } from '../../lib/admin-schemas/order-sizes.ts';
import { api, ApiError, SessionEndedError } from '../api.ts';
import { focusFirstInvalid } from '../focus-invalid.ts';
import { usd } from '../format.ts';
import { Button, Select } from '../ui/controls.tsx';
import type { DraftInputs } from './quote-draft.ts';
import { LocationInputsFields } from './QuoteListInputs.tsx';

type Fields = { add?: string; colors?: string; stitches?: string; printSize?: string; remove?: string };
/** The request's fields, as this form names them. */
const FIELD_OF: Record<string, keyof Fields> = {
  'add.code': 'add',
  'add.colors': 'colors',
  'add.stitches': 'stitches',
  'add.print_size': 'printSize',
  remove: 'remove',
};

/** "Back ($3.00 a piece + $25.00 setup)", or the list that prices it. */
function offerWords(location: AdminAddableLocation): string {
  if (location.price_list) return `${location.name} (priced by ${location.price_list.name})`;
  const setup = location.setup_fee_cents > 0 ? ` + ${usd(location.setup_fee_cents)} setup` : '';
  return `${location.name} (${usd(location.price_cents_per_piece)} a piece${setup})`;
}

/**
 * Adding a print location to a paid order's design or taking one off (docs/decisions/0029-deposits.md: "add a back
 * print", "drop the sleeve"): the product's other locations, each with what its price list asks
 * (ink colours, stitches, a print size), and the design's own. The server prices the change as
 * checkout would, re-totals the order and says at the field or in words why it refuses; the new
 * location's artwork is to come, as "I'll send it later" at checkout.
 */
export function OrderLocations({
  orderId,
  design,
  onChanged,
}: {
  orderId: string;
  design: AdminOrderDesign;
  onChanged: (done: string, answer: OrderChangeAnswer) => void;
}) {
  const [adding, setAdding] = useState<string | null>(null);
  const [inputs, setInputs] = useState<DraftInputs>({});
  const [removing, setRemoving] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFieldSetElement>(null);
  // After a refusal has been drawn (not before: an animation frame can come before React draws
  // the answer of a fetch), the first field that says why takes the focus.
  useEffect(() => {
    if (refusals > 0 && formRef.current) focusFirstInvalid(formRef.current);
  }, [refusals]);
  if (design.addable.length === 0 && design.locations.length < 2) return null;
  const toAdd = design.addable.find((l) => l.code === adding);
  const toRemove = design.locations.find((l) => l.code === removing);

  const focusInvalid = () => setRefusals((n) => n + 1);
  const send = async (body: Record<string, unknown>, done: string) => {
    setProblem(null);
    setPending(true);
    try {
      const answer = await api.post<OrderChangeAnswer>(`orders/${orderId}/locations`, {
        item_id: design.item_id,
        ...body,
      });
      setAdding(null);
      setInputs({});
      setRemoving(null);
      setFields({});
      onChanged(done, answer);
    } catch (e) {
      if (e instanceof SessionEndedError) return;
      const at = e instanceof ApiError ? (e.fields ?? {}) : {};
      const mine = Object.entries(at).filter(([name]) => FIELD_OF[name]);
      if (mine.length > 0) {
        setFields(Object.fromEntries(mine.map(([name, words]) => [FIELD_OF[name]!, words])));
        focusInvalid();
      } else setProblem(e instanceof Error ? e.message : 'The order was not changed.');
    } finally {
      setPending(false);
    }
  };
  const add = () => {
    if (!toAdd) {
      setFields({ add: 'Choose a location to add.' });
      focusInvalid();
      return;
    }
    setFields({});
    const where = toAdd.name.toLowerCase();
    void send(
      {
        add: {
          code: toAdd.code,
          ...(inputs.colors != null ? { colors: inputs.colors } : {}),
          ...(inputs.stitches != null ? { stitches: inputs.stitches } : {}),
          ...(inputs.printSize ? { print_size: inputs.printSize } : {}),
        },
      },
      `Added: ${design.label}, ${where} print (artwork to come).`,
    );
  };
  const remove = () => {
    if (!toRemove) {
      setFields({ remove: 'Choose a location to remove.' });
      focusInvalid();
      return;
    }
    setFields({});
    void send({ remove: toRemove.code }, `Removed: ${design.label}, ${toRemove.name.toLowerCase()} print.`);
  };

  return (
    <fieldset className="adm-fieldset" ref={formRef}>
      <legend>Add or remove a print location</legend>
      {design.addable.length > 0 ? (
        <>
          <Select
            label="Location to add"
            options={design.addable.map((l) => ({ id: l.code, label: offerWords(l) }))}
            value={adding}
            onChange={(code) => {
              setAdding(code);
              setInputs({});
              setFields({});
            }}
            placeholder="Choose a location"
            errorMessage={fields.add}
          />
          {toAdd ? (
            <LocationInputsFields
              location={toAdd}
              list={toAdd.price_list}
              inputs={inputs}
              onChange={setInputs}
              errorAt={(name) => fields[name as keyof Fields]}
            />
          ) : null}
          <div className="adm-actions">
            <Button isDisabled={pending} onPress={add}>
              Add location
            </Button>
          </div>
        </>
      ) : null}
      {design.locations.length > 1 ? (
        <>
          <Select
            label="Location to remove"
            options={design.locations.map((l) => ({ id: l.code, label: l.name }))}
            value={removing}
            onChange={(code) => {
              setRemoving(code);
              setFields({});
            }}
            placeholder="Choose a location"
            errorMessage={fields.remove}
          />
          <div className="adm-actions">
            <Button isDisabled={pending} onPress={remove}>
              Remove location
            </Button>
          </div>
        </>
      ) : null}
      {problem ? (
        <p role="alert" className="adm-field-error">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
