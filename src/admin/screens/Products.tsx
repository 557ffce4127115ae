import type { AdminProductPage, AdminProductRow } from '../../lib/admin-schemas/product-list.ts';
import { type AdminProduct, productCreateSchema, productUpdateSchema } from '../../lib/admin-schemas/products.ts';
import { api } from '../api.ts';
import { CrudScreen } from '../CrudScreen.tsx';
import { usd } from '../format.ts';
import { checkWith } from '../schema-check.ts';
import { Thumb } from '../ui/Thumb.tsx';
import { SupplierActions } from './SupplierSync.tsx';
import { colorImageDrafts } from './ProductColorImages.tsx';
import { ProductFields, type ProductForm, toPayload } from './ProductFields.tsx';
import { ProductFilters } from './ProductFilters.tsx';
import { soldOutOnSave } from './ProductStock.tsx';

const PAGE_SIZE = 25;

function stockText(p: AdminProductRow): string {
  if (p.stock === null) return 'Made to order';
  if (p.stock === 0) return 'Sold out';
  if (!p.low_stock) return String(p.stock);
  return p.has_variants ? `${p.stock} (some running low)` : `${p.stock} (running low)`;
}

/**
 * The products a clone's slug and SKU must differ from: those whose slug or SKU holds the same
 * base (the list on screen is one page, so it may not show the earlier copies).
 */
async function cloneTaken(row: AdminProductRow): Promise<AdminProductRow[]> {
  const bases = [row.slug, row.sku]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim().replace(/-copy(-\d+)?$/i, ''));
  const pages = await Promise.all(
    bases.map((search) => api.get<AdminProductPage>('admin/product-list', { search, limit: 100 })),
  );
  return pages.flatMap((page) => page.rows);
}

export function Products() {
  return (
    <CrudScreen<AdminProductRow, ProductForm, AdminProduct>
      config={{
        tab: 'products',
        publishes: true,
        title: 'Products',
        noun: 'product',
        listPath: 'admin/product-list',
        paging: { pageSize: PAGE_SIZE, plural: 'products', Filters: ProductFilters },
        loadOne: (row) => api.get<AdminProduct>(`admin/products/${row.id}`),
        writePath: 'products',
        addLabel: 'Add Product',
        HeadActions: SupplierActions,
        dialogTitle: 'Add or Edit Product',
        fullScreen: true,
        canClone: true,
        cloneDrops: ['stripe_buy_button_id'],
        cloneUnique: [{ key: 'slug' }, { key: 'sku', maxLength: 64 }],
        cloneTaken,
        slugFromName: true,
        columns: [
          { id: 'image', name: 'Image', render: (p) => <Thumb url={p.image_main_url} /> },
          { id: 'name', name: 'Name', render: (p) => p.name, rowHeader: true },
          { id: 'slug', name: 'Slug', render: (p) => p.slug },
          { id: 'collection', name: 'Collection', render: (p) => p.collection_name },
          { id: 'price', name: 'Price (USD)', render: (p) => usd(p.price_cents) },
          { id: 'stock', name: 'Stock', render: stockText },
          { id: 'visibility', name: 'Visibility', render: (p) => (p.is_active ? 'Visible' : 'Hidden') },
        ],
        rowName: (p) => p.name,
        emptyForm: () => ({
          name: '',
          slug: '',
          price_cents: 0,
          description: '',
          collection: '',
          color_ids: [],
          size_ids: [],
          variants: [],
          stock_qty: null,
          // A made-to-order shop: a new product counts no stock until the owner asks (issue 44).
          track_stock: false,
          minimum_quantity: 1,
          low_stock_threshold: 5,
          price_tiers: [],
          print_locations: [],
          color_images: {},
          is_active: true,
        }),
        toForm: ({ colors, sizes, ...p }) => ({
          ...p,
          color_ids: colors.map((c) => c.id),
          color_images: colorImageDrafts(colors),
          size_ids: sizes.map((s) => s.id),
          stockEdited: false,
          track_stock: p.stock_qty !== null || p.variants.some((v) => v.stock_qty !== null),
        }),
        toPayload,
        check: checkWith(productCreateSchema, productUpdateSchema),
        confirmSave: (payload) =>
          soldOutOnSave(payload)
            ? {
                title: 'Publish it sold out?',
                message:
                  'Every colour and size of this product is at 0, so the shop will show it as out of stock. Turn Track stock off if it is made to order.',
                confirmLabel: 'Publish sold out',
              }
            : null,
        Form: ProductFields,
      }}
    />
  );
}
