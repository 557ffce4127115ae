import type { Config } from '@netlify/functions';
import { templatePreviewSchema } from '../../src/lib/admin-schemas/templates.ts';
import { adminFunction } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { previewTemplate } from '../../src/server/mail/template-preview.ts';
import { readJson } from '../../src/server/request.ts';
import { readShopDetails } from '../../src/server/settings/shop-settings.ts';

/** The admin's "Preview with a sample order": renders an unsaved template draft; stores nothing. */
export default adminFunction(async (req, { db }) => {
  const draft = await readJson(req, templatePreviewSchema);
  return json(previewTemplate(draft, await readShopDetails(db)));
});

export const config: Config = { path: '/api/template-preview', method: 'POST' };
