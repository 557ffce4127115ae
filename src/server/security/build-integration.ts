import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from '../../build/html-files.ts';
import {
  type HeaderRule,
  PRIVATE_PAGE_GROUPS,
  PRIVATE_PAGE_HEADERS,
  pathPattern,
  renderHeadersFile,
  SITE_HEADERS,
} from './headers-file.ts';
import { analyticsOrigins, type PageNeeds, pageCsp, pageNeeds, type SiteSources } from './page-policy.ts';
import { findSecrets } from './secret-scan.ts';

/**
 * After `astro build`: fails the build when the output holds a secret, then writes `_headers`
 * with the site-wide security headers and each page group's Content-Security-Policy.
 */
export function securityIntegration(env: Record<string, string | undefined> = process.env): AstroIntegration {
  return {
    name: 'print-shop:security',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const findings = await findSecrets(outDir, env);
        if (findings.length > 0) {
          const lines = findings.map((f) => `  - ${f.file}: ${f.what}`).join('\n');
          throw new Error(`The build output contains secrets; nothing may be deployed:\n${lines}`);
        }
        const rules = await headerRules(outDir, siteSources(env));
        await writeFile(join(outDir, '_headers'), renderHeadersFile(rules));
        await embedPolicy(join(outDir, '404.html'), siteSources(env));
        logger.info(`_headers: security headers and ${rules.length - 1} page policies`);
      },
    },
  };
}

export function siteSources(env: Record<string, string | undefined>): SiteSources {
  const supabase = env['SUPABASE_URL']?.trim();
  return {
    analyticsOrigins: analyticsOrigins(env['PUBLIC_POSTHOG_KEY']?.trim(), env['PUBLIC_POSTHOG_HOST']?.trim()),
    imageOrigins: supabase ? [new URL(supabase).origin] : [],
    uploadOrigins: supabase ? [new URL(supabase).origin] : [],
  };
}

/** `about/index.html` → `/about`, `index.html` → `/`, `404.html` → `/404.html`. */
export function routeOf(outDir: string, file: string): string {
  const path = relative(outDir, file).split(sep).join('/');
  if (path === 'index.html') return '/';
  return `/${path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path}`;
}

/**
 * Pages are grouped by their first path segment, so `/collections/*` covers a thousand product
 * pages in one rule; a group allows the union of its pages' inline-script hashes (Astro's own
 * island loaders). Two rules with different policies must never match one path, since a browser
 * enforces every policy it gets: a group whose pages reach different outside hosts falls back
 * to one rule a page, so a host stays allowed only where it is used.
 */
export async function headerRules(outDir: string, site: SiteSources): Promise<HeaderRule[]> {
  const groups = new Map<string, { route: string; needs: PageNeeds }[]>();
  for (const file of await htmlFiles(outDir)) {
    const route = routeOf(outDir, file);
    const segment = route.split('/')[1] ?? '';
    const key = segment.includes('.') || route === '/' ? route : `/${segment}/*`;
    groups.set(key, [...(groups.get(key) ?? []), { route, needs: pageNeeds(await readFile(file, 'utf8')) }]);
  }
  const rules: HeaderRule[] = [{ path: '/*', headers: SITE_HEADERS }];
  const rule = (path: string, needs: PageNeeds) => ({
    path,
    headers: {
      'Content-Security-Policy': pageCsp(needs, site),
      ...(PRIVATE_PAGE_GROUPS.has(path.split('/')[1] ?? '') ? PRIVATE_PAGE_HEADERS : {}),
    },
  });
  // A mistyped or not yet published link under a section (/stores/<slug>) answers the 404 page
  // with the section's header policy, which the browser enforces beside the page's own: the
  // section allows the 404 page's inline scripts too, or its header and cart stay dead.
  const notFound = groups.get('/404.html')?.[0]?.needs;
  const notFoundScripts: PageNeeds[] = notFound
    ? [{ scriptHashes: notFound.scriptHashes, scriptOrigins: [], frameOrigins: [], formOrigins: [] }]
    : [];
  for (const [key, pages] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const hosts = new Set(
      pages.map(({ needs }) => `${needs.scriptOrigins} ${needs.frameOrigins} ${needs.formOrigins}`),
    );
    if (hosts.size === 1) {
      const section = key.endsWith('/*') ? notFoundScripts : [];
      rules.push(rule(key, mergeNeeds([...pages.map((p) => p.needs), ...section])));
      continue;
    }
    for (const page of pages.sort((a, b) => a.route.localeCompare(b.route))) rules.push(rule(page.route, page.needs));
  }
  assertOnePolicyPerPage(
    rules,
    [...groups.values()].flat().map((p) => p.route),
  );
  return rules;
}

/** `/buy/*` also matches `/buy-now` (Netlify's pattern): a page two different policies reach fails the build. */
function assertOnePolicyPerPage(rules: HeaderRule[], routes: string[]) {
  const policies = rules.filter((r) => r.headers['Content-Security-Policy']);
  for (const route of routes) {
    const reaching = policies.filter((r) => pathPattern(r.path).test(route));
    if (new Set(reaching.map((r) => r.headers['Content-Security-Policy'])).size > 1) {
      throw new Error(`_headers: ${route} would get several CSPs (${reaching.map((r) => r.path).join(', ')})`);
    }
  }
}

/**
 * The 404 page answers any unknown path, where no `_headers` rule may name it: it carries its
 * policy in a <meta> element too (frame-ancestors is header-only; X-Frame-Options covers it).
 */
async function embedPolicy(file: string, site: SiteSources) {
  let html: string;
  try {
    html = await readFile(file, 'utf8');
  } catch {
    return;
  }
  const policy = pageCsp(pageNeeds(html), site)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  const meta = `<meta http-equiv="content-security-policy" content="${policy}">`;
  await writeFile(file, html.replace(/<head>/i, `<head>${meta}`));
}

function mergeNeeds(all: PageNeeds[]): PageNeeds {
  const union = (pick: (n: PageNeeds) => string[]) => [...new Set(all.flatMap(pick))].sort();
  return {
    scriptHashes: union((n) => n.scriptHashes),
    scriptOrigins: union((n) => n.scriptOrigins),
    frameOrigins: union((n) => n.frameOrigins),
    formOrigins: union((n) => n.formOrigins),
  };
}
