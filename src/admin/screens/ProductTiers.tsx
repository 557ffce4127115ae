import { Button, NumberField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';

/** A tier as the form holds it while it is typed (a field may be empty for a moment). */
export type TierDraft = { min_quantity: number | null; unit_price_cents: number | null };

interface Props {
  minimum: number | null | undefined;
  tiers: TierDraft[];
  errors: Record<string, string>;
  onChange: (change: { minimum_quantity?: number | null; price_tiers?: TierDraft[] }) => void;
}

/**
 * The product's quantity pricing (docs/decisions/0015-print-ordering.md): its minimum per order
 * line and its price tiers. One piece costs the product's price; each tier sets the price per piece from its number of
 * pieces on. The server checks the tiers (2 pieces or more, no two starting alike).
 */
export function ProductTiers({ minimum, tiers, errors, onChange }: Props) {
  const set = (index: number, change: Partial<TierDraft>) =>
    onChange({ price_tiers: tiers.map((t, i) => (i === index ? { ...t, ...change } : t)) });
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Quantity pricing</legend>
      <NumberField
        label="Minimum quantity"
        value={minimum ?? 1}
        onChange={(minimum_quantity) => onChange({ minimum_quantity })}
        description="Fewest pieces per order line (sizes of one colour together); 1 = no minimum."
        errorMessage={errors['minimum_quantity']}
      />
      {tiers.length === 0 ? <p>No tiers: every piece costs the price above.</p> : null}
      {tiers.map((tier, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
        <fieldset className="adm-fieldset adm-choice-list" key={index}>
          <legend className="adm-visually-hidden">Tier {index + 1}</legend>
          <NumberField
            label={`From pieces (tier ${index + 1})`}
            value={tier.min_quantity}
            onChange={(min_quantity) => set(index, { min_quantity })}
            errorMessage={errors[`price_tiers.${index}.min_quantity`]}
          />
          <MoneyField
            label={`Price each (tier ${index + 1})`}
            cents={tier.unit_price_cents}
            onChange={(unit_price_cents) => set(index, { unit_price_cents })}
            errorMessage={errors[`price_tiers.${index}.unit_price_cents`]}
          />
          <Button variant="secondary" onPress={() => onChange({ price_tiers: tiers.filter((_, i) => i !== index) })}>
            Remove tier {index + 1}
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        onPress={() => onChange({ price_tiers: [...tiers, { min_quantity: null, unit_price_cents: null }] })}
      >
        Add tier
      </Button>
      {errors['price_tiers'] ? <p className="adm-field-error">{errors['price_tiers']}</p> : null}
    </fieldset>
  );
}

/**
 * The tiers as the API takes them, in the form's order (so its errors name the rows); an empty
 * piece count is sent as 0 and an empty price as null, for the server to refuse (a tier is never
 * free by accident).
 */
export function tiersPayload(tiers: TierDraft[]) {
  return tiers.map((t) => ({ min_quantity: t.min_quantity ?? 0, unit_price_cents: t.unit_price_cents }));
}
