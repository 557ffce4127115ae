import { Invalid } from '../errors.ts';
import type { CheckoutLine } from '../checkout/load-lines.ts';
import { nameProblem, numberProblem, tidyName } from '../../lib/stores/personalisation.ts';
import type { StoreLineInput } from '../../lib/stores/store-checkout-schema.ts';
import type { StoreDesign } from './store-designs.ts';

/** A store line: a checkout line whose metadata names its design and personalisation. */
export type StoreCheckoutLine = CheckoutLine & {
  metadata: { store_design_id: string; personalisation?: { name?: string; number?: string } };
};

/**
 * The buyer's picked lines checked against the store's designs and priced from them: the design's
 * price plus the personalisation's prices (a price from the browser is never read). Store pieces
 * are made to order after the close, so no stock is reserved ('untracked'). Every problem is
 * reported at once, by field (lines.N.x), and nothing is written.
 */
export function storeCheckoutLines(designs: StoreDesign[], requested: StoreLineInput[]): StoreCheckoutLine[] {
  const byId = new Map(designs.map((d) => [d.id, d]));
  const fields: Record<string, string> = {};
  const lines: StoreCheckoutLine[] = [];
  requested.forEach((req, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    const design = byId.get(req.designId);
    if (!design) {
      fields[at('designId')] = 'This design is not in this store.';
      return;
    }
    const color = design.colors.find((c) => c.id === req.colorId);
    const size = design.sizes.find((s) => s.id === req.sizeId);
    if (!color) fields[at('colorId')] = `Choose one of the colours offered for ${design.name}.`;
    if (!size) fields[at('sizeId')] = `Choose one of the sizes offered for ${design.name}.`;
    const personalisation: { name?: string; number?: string } = {};
    let unit = design.priceCents;
    if (req.name) {
      const problem = design.personaliseName
        ? nameProblem(req.name, design.personaliseName)
        : `${design.name} does not take a name.`;
      if (problem) fields[at('name')] = problem;
      else {
        personalisation.name = tidyName(req.name);
        unit += design.personaliseName!.price_cents;
      }
    }
    if (req.number) {
      const problem = design.personaliseNumber
        ? numberProblem(req.number, design.personaliseNumber)
        : `${design.name} does not take a number.`;
      if (problem) fields[at('number')] = problem;
      else {
        personalisation.number = req.number.trim();
        unit += design.personaliseNumber!.price_cents;
      }
    }
    if (!color || !size || fields[at('name')] || fields[at('number')]) return;
    const personalised = Object.keys(personalisation).length > 0;
    lines.push({
      productId: design.productId,
      colorId: color.id,
      sizeId: size.id,
      name: design.name,
      colorName: color.name,
      sizeName: size.name,
      unitPriceCents: unit,
      // The shop fixed the design's locations and artwork; their cost is in the store's price.
      locations: design.locations.map((l) => ({ ...l, price_cents_per_piece: 0, setup_fee_cents: 0 })),
      quantity: req.quantity,
      stock: { kind: 'untracked' },
      pricing: null,
      metadata: { store_design_id: design.id, ...(personalised ? { personalisation } : {}) },
    });
  });
  if (Object.keys(fields).length > 0) {
    throw new Invalid('invalid_input', 'Some of your choices cannot be ordered.', { fields });
  }
  return lines;
}

/** "Eagles Tee (Navy, L) · Name: SMITH · Number: 12": a store line as the payment page lists it. */
export function storeLineLabel(line: StoreCheckoutLine): string {
  const options = [line.colorName, line.sizeName].filter(Boolean).join(', ');
  const p = line.metadata.personalisation;
  const extra = [p?.name ? `Name: ${p.name}` : null, p?.number ? `Number: ${p.number}` : null].filter(Boolean);
  return [`${line.name}${options ? ` (${options})` : ''}`, ...extra].join(' · ');
}
