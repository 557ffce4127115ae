import type { VariantInput } from '../../lib/admin-schemas/products.ts';
import { totalStock } from '../../lib/catalog/products.ts';
import type { Option } from '../ui/controls.tsx';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';

type Variant = { color_id: string | null; size_id: string | null; stock_qty: number | null };

const keyOf = (c: string | null, s: string | null) => `${c ?? '-'}|${s ?? '-'}`;

/** The variants a product with these colours and sizes has: one per colour x size, or per one of them. */
export function variantKeys(colorIds: string[], sizeIds: string[]): [string | null, string | null][] {
  const colors = colorIds.length ? colorIds : [null];
  const sizes = sizeIds.length ? sizeIds : [null];
  if (!colorIds.length && !sizeIds.length) return [];
  return colors.flatMap((c) => sizes.map((s) => [c, s] as [string | null, string | null]));
}

/** A typed count, or null for an empty cell: not tracked, made to order (issue 44). */
const countOf = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(Number(value)) ? null : Number(value);

/**
 * The variants for the payload, stock read from the grid; a cell left empty is not tracked (null),
 * and with `tracked` off (the product is made to order) every cell is.
 */
export function variantPayload(
  colorIds: string[],
  sizeIds: string[],
  variants: Variant[],
  tracked = true,
): VariantInput[] {
  const stock = new Map(variants.map((v) => [keyOf(v.color_id, v.size_id), v.stock_qty]));
  return variantKeys(colorIds, sizeIds).map(([color_id, size_id]) => ({
    color_id,
    size_id,
    stock_qty: tracked ? countOf(stock.get(keyOf(color_id, size_id))) : null,
  }));
}

/**
 * Whether a save would put a product on the shop with nothing anyone can buy: active, and every
 * count it sends 0 (none made to order). The form asks before such a save. An edit that sends no
 * stock (it was not touched) asks nothing.
 */
export function soldOutOnSave(payload: Record<string, unknown>): boolean {
  if (payload['is_active'] === false || !Array.isArray(payload['variants'])) return false;
  const variants = payload['variants'] as VariantInput[];
  return totalStock({ variants, stock_qty: (payload['stock_qty'] as number | null | undefined) ?? null }) === 0;
}

/** Stock per colour (rows) x size (columns). */
export function StockGrid({
  colors,
  sizes,
  variants,
  onChange,
}: {
  colors: Option[];
  sizes: Option[];
  variants: Variant[];
  onChange: (variants: Variant[]) => void;
}) {
  const stock = new Map(variants.map((v) => [keyOf(v.color_id, v.size_id), v.stock_qty]));
  const rows: (Option | null)[] = colors.length ? colors : [null];
  const cols: (Option | null)[] = sizes.length ? sizes : [null];
  const set = (c: string | null, s: string | null, text: string) => {
    const qty = text === '' ? null : Math.max(0, Math.floor(Number(text)) || 0);
    const rest = variants.filter((v) => keyOf(v.color_id, v.size_id) !== keyOf(c, s));
    onChange([...rest, { color_id: c, size_id: s, stock_qty: qty }]);
  };
  return (
    <ScrollRegion className="adm-grid-wrap" label="Stock per variant">
      <table className="adm-grid-table">
        <caption>Stock per variant</caption>
        <thead>
          <tr>
            <th scope="col">Colour \ Size</th>
            {cols.map((s) => (
              <th key={s?.id ?? '-'} scope="col">
                {s?.label ?? 'Stock'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c?.id ?? '-'}>
              <th scope="row">{c?.label ?? 'Stock'}</th>
              {cols.map((s) => (
                <td key={s?.id ?? '-'}>
                  <input
                    type="number"
                    min={0}
                    inputMode="numeric"
                    aria-label={`Stock ${[c?.label, s?.label].filter(Boolean).join(' ')}`}
                    value={stock.get(keyOf(c?.id ?? null, s?.id ?? null)) ?? ''}
                    onChange={(e) => set(c?.id ?? null, s?.id ?? null, e.target.value)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
