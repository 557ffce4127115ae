import type { APIRequestContext } from '@playwright/test';
import type { ProductDetail } from '../../src/lib/products.ts';
import { signInAsOwner } from './admin-e2e.ts';
import { expect, type Page } from './e2e-test.ts';

/**
 * Browser tests of products priced by the owner's lists (issue #27): the owner's token, the
 * seeded lists by name, and a product linked to them through the admin API for one test and
 * put back as it was after it.
 */

interface ListRow {
  id: string;
  name: string;
}

/** Signs the page in as the owner and returns the `authorization` header of the admin API. */
export async function ownerAuthorization(page: Page): Promise<string> {
  await signInAsOwner(page);
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  expect(token).toBeTruthy();
  return `Bearer ${token}`;
}

/** The id of each seeded list, by its name. */
export async function seededListIds(request: APIRequestContext, authorization: string) {
  const answer = (await (await request.get('/api/admin/price-lists', { headers: { authorization } })).json()) as
    | ListRow[]
    | { lists?: ListRow[]; price_lists?: ListRow[] };
  const rows = Array.isArray(answer) ? answer : (answer.lists ?? answer.price_lists ?? []);
  return (name: string) => {
    const row = rows.find((r) => r.name === name);
    expect(row, `the seeded list "${name}"`).toBeTruthy();
    return row!.id;
  };
}

/** A product's update through the admin API, and the body that puts the product back as it was. */
export function productEditor(request: APIRequestContext, authorization: string, original: ProductDetail) {
  const put = async (body: unknown) => {
    const answer = await request.put(`/api/products/${original.id}`, {
      headers: { authorization, 'content-type': 'application/json' },
      data: body,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  const restore = () =>
    put({
      price_tiers: original.price_tiers,
      print_locations: original.print_locations.map(({ code, name, price_cents_per_piece, setup_fee_cents }) => ({
        code,
        name,
        price_cents_per_piece,
        setup_fee_cents,
      })),
      garment_list_id: null,
      turnaround_list_id: null,
      variants: original.variants,
    });
  return { put, restore };
}
