import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../src/server/db/types.ts';

/**
 * The benchmarks' large catalogue: `count` generated products spread over the active
 * collections, named like a print shop's (an adjective and a product: "Caprock Zip Hoodie 4711")
 * with the type that goes with the product, prices from $3 to $42, and 2 colours x 3 sizes of
 * stock each (some sold out). Search (bench:search) needs varied words; the build
 * (bench:build) only the count.
 */
export async function generateProducts(db: Kysely<Database>, count: number): Promise<void> {
  await sql`
    with kinds (n, noun, kind) as (values
      (0, 'Tee', 'apparel'), (1, 'Hoodie', 'apparel'), (2, 'Zip Hoodie', 'apparel'), (3, 'Crewneck', 'apparel'),
      (4, 'Polo', 'apparel'), (5, 'Long Sleeve Tee', 'apparel'), (6, 'Jersey', 'apparel'), (7, 'Tank', 'apparel'),
      (8, 'Cap', 'headwear'), (9, 'Beanie', 'headwear'), (10, 'Trucker Hat', 'headwear'), (11, 'Yard Sign', 'sign'),
      (12, 'Vinyl Banner', 'sign'), (13, 'Die-Cut Sticker', 'sticker'), (14, 'Decal', 'sticker'), (15, 'Mug', 'drinkware'),
      (16, 'Tumbler', 'drinkware'), (17, 'Tote Bag', 'bag')),
    words (n, word) as (values
      (0, 'Classic'), (1, 'Heavyweight'), (2, 'Vintage'), (3, 'Caprock'), (4, 'Rodeo'), (5, 'Mesquite'), (6, 'Prairie'),
      (7, 'Desert'), (8, 'Game Day'), (9, 'Hometown'), (10, 'Sunset'), (11, 'Lone Star'), (12, 'Panhandle'),
      (13, 'Llano'), (14, 'Windmill'), (15, 'Tumbleweed'), (16, 'Longhorn'), (17, 'Cactus'), (18, 'Pecan'), (19, 'Bluebonnet'))
    insert into products (collection_id, name, slug, sku, product_type, description, price_cents, image_main_url, sort_order)
    select c.id, w.word || ' ' || k.noun || ' ' || g, 'bench-tee-' || g, 'BENCH-' || g, k.kind,
           E'A generated ' || lower(k.noun) || E' for the benchmarks, printed in West Texas.\nSoft ringspun cotton\nPrinted in West Texas',
           300 + (g % 40) * 100, '/images/products/' || (select slug from products order by slug limit 1 offset g % 40) || '.webp', g
    from generate_series(1, ${count}) g
    join kinds k on k.n = g % 18
    join words w on w.n = (g / 18) % 20
    join lateral (select id from collections where is_active order by sort_order offset g % (select count(*) from collections where is_active) limit 1) c on true`.execute(
    db,
  );
  await sql`
    insert into product_variants (product_id, color_id, size_id, stock_qty)
    select p.id, col.id, s.id, (abs(hashtext(p.slug || col.name || s.name)) % 30)
    from products p
    cross join lateral (select id, name from colors order by name limit 2 offset (abs(hashtext(p.slug)) % 8)) col
    cross join (select id, name from sizes where name in ('S', 'M', 'L')) s
    where p.slug like 'bench-tee-%'`.execute(db);
  await sql`insert into product_colors select distinct product_id, color_id from product_variants v join products p on p.id = v.product_id where p.slug like 'bench-tee-%'`.execute(
    db,
  );
  await sql`insert into product_sizes select distinct product_id, size_id from product_variants v join products p on p.id = v.product_id where p.slug like 'bench-tee-%'`.execute(
    db,
  );
}
