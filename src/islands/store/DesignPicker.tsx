import { useId, useLayoutEffect, useRef, useState } from 'react';
import { formatUsd } from '../../lib/money.ts';
import { nameProblem, nameRuleWords, numberProblem, numberRuleWords } from '../../lib/stores/personalisation.ts';
import { changedNumber, changedRadio, changedText } from '../changed-fields.ts';
import { Button } from '../ui/Button.tsx';
import { Choice, ChoiceGroup, Swatch } from '../ui/Choice.tsx';
import { QuantityStepper } from '../ui/QuantityStepper.tsx';
import styles from './StoreOrder.module.css';
import type { PickedLine, StoreOrderDesign } from './store-order-types.ts';

/**
 * One design's choices (docs/decisions/0030-team-stores.md): colour and size among those the store
 * offers, quantity, and the name and number when the design takes them, with their rules and prices beside them.
 */
export function DesignPicker({ design, onAdd }: { design: StoreOrderDesign; onAdd: (line: PickedLine) => void }) {
  const id = useId();
  const [colorId, setColorId] = useState(design.colors.length === 1 ? design.colors[0]!.id : null);
  const [sizeId, setSizeId] = useState(design.sizes.length === 1 ? design.sizes[0]!.id : null);
  const [quantity, setQuantity] = useState(1);
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const root = useRef<HTMLDivElement>(null);
  // Choices made on the native fields before the island hydrated (client:interaction) count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the markup hydration found
  useLayoutEffect(() => {
    const node = root.current!;
    const color = changedRadio(node, `${id}-color`);
    const size = changedRadio(node, `${id}-size`);
    const typed = changedNumber(node, `${id}-quantity`);
    const typedName = changedText(node, `${id}-name`);
    const typedNumber = changedText(node, `${id}-number`);
    if (color) setColorId(color);
    if (size) setSizeId(size);
    if (typed !== null) setQuantity(Math.max(1, Math.min(99, typed)));
    if (typedName !== null) setName(typedName);
    if (typedNumber !== null) setNumber(typedNumber);
  }, []);
  const add = () => {
    const found: Record<string, string> = {};
    if (!colorId) found['color'] = 'Choose a colour.';
    if (!sizeId) found['size'] = 'Choose a size.';
    const n = name.trim() && design.personaliseName ? nameProblem(name, design.personaliseName) : null;
    const d = number.trim() && design.personaliseNumber ? numberProblem(number, design.personaliseNumber) : null;
    if (n) found['name'] = n;
    if (d) found['number'] = d;
    setProblems(found);
    if (Object.keys(found).length > 0 || !colorId || !sizeId) return;
    onAdd({
      designId: design.id,
      colorId,
      sizeId,
      quantity: Math.max(1, Math.min(99, quantity)),
      name: name.trim() || null,
      number: number.trim() || null,
    });
    setName('');
    setNumber('');
  };
  const problem = (key: string) =>
    problems[key] ? (
      <p className={styles.problem} id={`${id}-${key}-problem`}>
        {problems[key]}
      </p>
    ) : null;
  return (
    <div className={styles.picker} ref={root}>
      <ChoiceGroup label="Colour" name={`${id}-color`} value={colorId} onChange={setColorId}>
        {design.colors.map((c) => (
          <Choice key={c.id} value={c.id}>
            <Swatch hex={c.hex} />
            {c.name}
          </Choice>
        ))}
      </ChoiceGroup>
      {problem('color')}
      <ChoiceGroup label="Size" name={`${id}-size`} value={sizeId} onChange={setSizeId}>
        {design.sizes.map((s) => (
          <Choice key={s.id} value={s.id}>
            {s.name}
          </Choice>
        ))}
      </ChoiceGroup>
      {problem('size')}
      <QuantityStepper
        label={`Quantity of ${design.name}`}
        name={`${id}-quantity`}
        value={quantity}
        max={99}
        onChange={setQuantity}
      />
      {design.personaliseName && (
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>
            Name on the piece (+{formatUsd(design.personaliseName.price_cents)}, optional)
          </label>
          <input
            id={`${id}-name`}
            name={`${id}-name`}
            value={name}
            maxLength={design.personaliseName.max_length + 10}
            aria-describedby={`${id}-name-rule${problems['name'] ? ` ${id}-name-problem` : ''}`}
            aria-invalid={problems['name'] ? true : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <p className={styles.rule} id={`${id}-name-rule`}>
            {nameRuleWords(design.personaliseName)}
          </p>
          {problem('name')}
        </div>
      )}
      {design.personaliseNumber && (
        <div className={styles.field}>
          <label htmlFor={`${id}-number`}>
            Number on the piece (+{formatUsd(design.personaliseNumber.price_cents)}, optional)
          </label>
          <input
            id={`${id}-number`}
            name={`${id}-number`}
            value={number}
            inputMode="numeric"
            aria-describedby={`${id}-number-rule${problems['number'] ? ` ${id}-number-problem` : ''}`}
            aria-invalid={problems['number'] ? true : undefined}
            onChange={(e) => setNumber(e.target.value)}
          />
          <p className={styles.rule} id={`${id}-number-rule`}>
            {numberRuleWords(design.personaliseNumber)}
          </p>
          {problem('number')}
        </div>
      )}
      <Button variant="secondary" onPress={add}>
        Add {design.name} to my order
      </Button>
    </div>
  );
}
