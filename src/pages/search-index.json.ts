import type { APIRoute } from 'astro';
import { db } from '../server/db/index.ts';
import { searchIndexForBuild } from '../server/search/documents.ts';

/**
 * The search index (docs/decisions/0018-search.md), pre-rendered with every build, so an admin save's rebuild
 * refreshes it with the pages. The /search function answers from this file, not the database.
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await searchIndexForBuild(db)), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
