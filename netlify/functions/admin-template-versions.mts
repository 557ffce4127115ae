import type { Config } from '@netlify/functions';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { listTemplateVersions } from '../../src/server/admin/template-versions.ts';
import { getTemplate } from '../../src/server/admin/templates.ts';
import { json } from '../../src/server/http.ts';

/** A template's earlier versions, newest first; restoring one is an ordinary save (PUT). */
export default adminFunction(async (_req, call) => {
  const id = pathId(call.params, 'template')!;
  if (!(await getTemplate(call.db, id))) throw notFound('template', id);
  return json(await listTemplateVersions(call.db, id));
});

export const config: Config = { path: '/api/templates/:id/versions', method: 'GET' };
