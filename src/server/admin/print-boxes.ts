import type { Kysely } from 'kysely';
import type { AdminPrintBox, PrintBoxesSave } from '../../lib/admin-schemas/print-boxes.ts';
import type { Database } from '../db/types.ts';
import { Invalid } from '../errors.ts';
import { notFound } from './route.ts';

/** What a product offers that boxes are marked on: its colours' current pictures and its locations. */
async function markable(db: Kysely<Database>, productId: string) {
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) throw notFound('product', productId);
  const [colors, locations] = await Promise.all([
    db.selectFrom('product_colors').select(['color_id', 'image_url']).where('product_id', '=', productId).execute(),
    db.selectFrom('product_print_locations').select('code').where('product_id', '=', productId).execute(),
  ]);
  return {
    pictures: new Map(colors.map((c) => [c.color_id, c.image_url])),
    codes: new Set(locations.map((l) => l.code)),
  };
}

/**
 * The print boxes of a product (issue 49) that still count: on the picture its colour shows today,
 * for a location it still offers. A box drawn on a picture since replaced is left out, so the
 * admin asks for it again and mock-ups fall back to the flat artwork meanwhile.
 */
export async function readPrintBoxes(db: Kysely<Database>, productId: string): Promise<AdminPrintBox[]> {
  const { pictures, codes } = await markable(db, productId);
  const rows = await db
    .selectFrom('product_print_boxes')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('color_id')
    .orderBy('location_code')
    .execute();
  return rows
    .filter((r) => pictures.get(r.color_id) === r.image_url && codes.has(r.location_code))
    .map((r) => ({
      color_id: r.color_id,
      location_code: r.location_code,
      image_url: r.image_url,
      picture_width: r.picture_width,
      picture_height: r.picture_height,
      x: r.box_x,
      y: r.box_y,
      width: r.box_width,
      height: r.box_height,
      width_in: Number(r.width_in),
    }));
}

/**
 * Replaces a product's print boxes. Each names a colour the product offers, on the picture that
 * colour shows now, and one of its print locations; a refusal names the box's field and stores
 * nothing (400). 404 for a product that does not exist.
 */
export async function savePrintBoxes(
  db: Kysely<Database>,
  productId: string,
  input: PrintBoxesSave,
): Promise<AdminPrintBox[]> {
  const { pictures, codes } = await markable(db, productId);
  const fields: Record<string, string> = {};
  input.boxes.forEach((box, index) => {
    const at = `boxes.${index}`;
    if (!pictures.has(box.color_id)) fields[`${at}.color_id`] = 'Pick one of the product’s colours.';
    else if (pictures.get(box.color_id) !== box.image_url)
      fields[`${at}.image_url`] = 'This colour’s picture has changed: mark the box on the new picture.';
    if (!codes.has(box.location_code)) fields[`${at}.location_code`] = 'Choose one of the product’s print locations.';
  });
  if (Object.keys(fields).length > 0)
    throw new Invalid('invalid_input', 'Some print boxes cannot be saved.', { fields });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('product_print_boxes').where('product_id', '=', productId).execute();
    if (input.boxes.length === 0) return;
    await trx
      .insertInto('product_print_boxes')
      .values(
        input.boxes.map((box) => ({
          product_id: productId,
          color_id: box.color_id,
          location_code: box.location_code,
          image_url: box.image_url,
          picture_width: box.picture_width,
          picture_height: box.picture_height,
          box_x: box.x,
          box_y: box.y,
          box_width: box.width,
          box_height: box.height,
          width_in: String(box.width_in),
        })),
      )
      .execute();
  });
  return readPrintBoxes(db, productId);
}
