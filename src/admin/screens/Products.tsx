import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import { CrudScreen } from '../CrudScreen.tsx';
import { usd } from '../format.ts';
import { Thumb } from '../ui/Thumb.tsx';
import { ProductFields, type ProductForm, toPayload } from './ProductFields.tsx';

export function Products() {
  return (
    <CrudScreen<AdminProduct, ProductForm>
      config={{
        tab: 'products',
        publishes: true,
        title: 'Products',
        noun: 'product',
        listPath: 'admin/products',
        writePath: 'products',
        addLabel: 'Add Product',
        dialogTitle: 'Add or Edit Product',
        fullScreen: true,
        canClone: true,
        cloneDrops: ['stripe_buy_button_id'],
        cloneUnique: [{ key: 'slug' }, { key: 'sku', maxLength: 64 }],
        columns: [
          { id: 'image', name: 'Image', render: (p) => <Thumb url={p.image_main_url} /> },
          { id: 'name', name: 'Name', render: (p) => p.name, rowHeader: true },
          { id: 'slug', name: 'Slug', render: (p) => p.slug },
          { id: 'price', name: 'Price (USD)', render: (p) => usd(p.price_cents) },
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
          minimum_quantity: 1,
          low_stock_threshold: 5,
          price_tiers: [],
          print_locations: [],
          is_active: true,
        }),
        toForm: ({ colors, sizes, ...p }) => ({
          ...p,
          color_ids: colors.map((c) => c.id),
          size_ids: sizes.map((s) => s.id),
          stockEdited: false,
        }),
        toPayload,
        Form: ProductFields,
      }}
    />
  );
}
