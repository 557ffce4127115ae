import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../lib/site/site.ts';
import { db } from '../db/index.ts';
import { readShopDetails } from './shop-settings.ts';

let forBuild: Promise<ShopDetails> | undefined;

const read = () =>
  db()
    .then(readShopDetails)
    .catch((error: unknown) => {
      console.warn('[shop] the shop settings could not be read, showing the defaults:', error);
      return DEFAULT_SHOP_DETAILS;
    });

/**
 * The shop's details for a page (issue 44). A page built ahead reads them once per build (a save
 * in Shop settings republishes the site); a page rendered on request reads them each time, so
 * it says what the owner saved last. Where no database answers, the defaults.
 */
export function shopForPage(prerendered: boolean): Promise<ShopDetails> {
  if (!prerendered) return read();
  forBuild ??= read();
  return forBuild;
}
