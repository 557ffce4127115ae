import {
  type AdminPriceList,
  type AdminPriceListSummary,
  priceListCreateSchema,
  priceListUpdateSchema,
} from '../../lib/admin-schemas/price-lists.ts';
import { METHOD_NAMES } from '../../lib/pricing/list-methods.ts';
import { api } from '../api.ts';
import { CrudScreen } from '../CrudScreen.tsx';
import { saveQuestion } from '../price-list-flags.ts';
import { formOf, newForm, type PriceListForm, payloadOf, untypedCells } from '../price-list-form.ts';
import { checkWith } from '../schema-check.ts';
import { PriceListEditor } from './PriceListEditor.tsx';

const schemaCheck = checkWith(priceListCreateSchema, priceListUpdateSchema);

/** The owner's price lists (docs/decisions/0027-price-lists.md): the grids every product's price comes from. */
export function PriceLists() {
  return (
    <CrudScreen<AdminPriceListSummary, PriceListForm, AdminPriceList>
      config={{
        tab: 'price-lists',
        title: 'Price lists',
        noun: 'price list',
        listPath: 'admin/price-lists',
        writePath: 'admin/price-lists',
        addLabel: 'Add Price List',
        dialogTitle: 'Add or Edit Price List',
        fullScreen: true,
        columns: [
          { id: 'name', name: 'Name', render: (l) => l.name },
          { id: 'method', name: 'Method', render: (l) => METHOD_NAMES[l.method] },
          {
            id: 'used',
            name: 'Used by',
            render: (l) => (l.used_by_count === 1 ? '1 product' : `${l.used_by_count} products`),
          },
        ],
        rowName: (l) => l.name,
        emptyForm: () => newForm(),
        loadOne: (row) => api.get<AdminPriceList>(`admin/price-lists/${row.id}`),
        toForm: formOf,
        toPayload: payloadOf,
        // Cells that are not money yet are named first; then the server's own rules.
        check: (payload, isNew) => {
          const untyped = untypedCells(payload);
          const rules = schemaCheck(payload, isNew);
          return untyped || rules ? { ...rules, ...untyped } : null;
        },
        // Starter prices left or empty cells: asked about, never refused.
        confirmSave: saveQuestion,
        Form: PriceListEditor,
      }}
    />
  );
}
