import type { Config } from '@netlify/functions';
import { printBoxesSaveSchema } from '../../src/lib/admin-schemas/print-boxes.ts';
import { readPrintBoxes, savePrintBoxes } from '../../src/server/admin/print-boxes.ts';
import { adminFunction, methodNotAllowed, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The print boxes of a product's colour pictures (issue 49): GET lists those that still count, PUT
 * { boxes: [{ color_id, location_code, image_url, picture_width, picture_height, x, y, width,
 * height, width_in }] } replaces them all (200 with the saved boxes). 400 with the box's field for
 * a box outside its picture, a colour or location the product does not offer, or a picture since
 * replaced; 404 for no such product. Nothing is stored on a refusal.
 */
export default adminFunction(async (req, { db, params }) => {
  const id = pathId(params, 'product');
  if (!id) throw notFound('product', '');
  if (req.method === 'GET') return json({ boxes: await readPrintBoxes(db, id) });
  if (req.method !== 'PUT') throw methodNotAllowed(req.method, ['GET', 'PUT']);
  const input = await readJson(req, printBoxesSaveSchema, 256 * 1024);
  return json({ boxes: await savePrintBoxes(db, id, input) });
});

export const config: Config = { path: '/api/products/:id/print-boxes', method: ['GET', 'PUT'] };
