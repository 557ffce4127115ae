// Imports every function file once at start and turns its `config` into routes.
import { readdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunctionHandler, FunctionRoute, LoadedFunction } from './function-types.mts';

const FUNCTION_FILE = /\.m?ts$/;
const NOT_A_FUNCTION = /\.d\.m?ts$|\.(test|spec)\.m?ts$/;

type FunctionModule = {
  default?: unknown;
  config?: { path?: unknown; method?: unknown; excludedPath?: unknown; schedule?: unknown };
};

function toList(value: unknown, what: string, file: string): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    if (typeof item !== 'string' || item === '')
      throw new Error(`${file}: config.${what} must be a string or string[]`);
  }
  return list as string[];
}

function patternFor(path: string, file: string): URLPattern {
  if (!path.startsWith('/')) throw new Error(`${file}: config.path "${path}" must start with "/"`);
  try {
    return new URLPattern({ pathname: path });
  } catch (error) {
    throw new Error(`${file}: config.path "${path}" is not a valid URL pattern`, { cause: error });
  }
}

/** Literal paths win over parameters, parameters over wildcards; ties keep file order. */
function specificity(path: string): number {
  if (path.includes('*')) return 2;
  if (/[:(]/.test(path)) return 1;
  return 0;
}

async function listFunctionFiles(functionsDir: string): Promise<string[]> {
  const entries = await readdir(functionsDir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && FUNCTION_FILE.test(entry.name) && !NOT_A_FUNCTION.test(entry.name))
    .map((entry) => join(functionsDir, entry.name))
    .sort();
}

/**
 * Loads every function in `functionsDir` and answers its routes. A scheduled function (Netlify's
 * `config.schedule`) has no route: `runsHere` names those the calling process runs itself and how
 * often (`npm start` runs the sweep and the mail sender on timers), for the start-up log.
 */
export async function loadFunctions(
  functionsDir: string,
  log: (line: string) => void,
  runsHere: Readonly<Record<string, string>> = {},
): Promise<FunctionRoute[]> {
  let files: string[];
  try {
    files = await listFunctionFiles(functionsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    log(`functions: ${functionsDir} does not exist, serving static files only`);
    return [];
  }

  const routes: FunctionRoute[] = [];
  for (const file of files) {
    const name = basename(file, extname(file));
    let mod: FunctionModule;
    try {
      mod = (await import(pathToFileURL(file).href)) as FunctionModule;
    } catch (error) {
      throw new Error(`functions: could not load ${file}`, { cause: error });
    }
    const paths = toList(mod.config?.path, 'path', file);
    const schedule = mod.config?.schedule;
    if (paths.length === 0 && typeof schedule === 'string') {
      const here = runsHere[name];
      log(
        here
          ? `functions: ${name} runs ${here} in this process; Netlify runs it on the schedule ${schedule}`
          : `functions: ${name} runs on Netlify on the schedule ${schedule}; this server does not run it`,
      );
      continue;
    }
    if (paths.length === 0) {
      log(`functions: ${name} is not served: it has no config.path`);
      continue;
    }
    if (typeof mod.default !== 'function') {
      log(`functions: ${name} is not served: it exports no default function`);
      continue;
    }
    const methods = toList(mod.config?.method, 'method', file).map((method) => method.toUpperCase());
    const fn: LoadedFunction = {
      name,
      file,
      handler: mod.default as FunctionHandler,
      methods: methods.length > 0 ? methods : null,
      excluded: toList(mod.config?.excludedPath, 'excludedPath', file).map((path) => patternFor(path, file)),
    };
    for (const path of paths) routes.push({ fn, path, pattern: patternFor(path, file) });
  }
  // Array.prototype.sort is stable, so equal specificity keeps the file order.
  return routes.sort((a, b) => specificity(a.path) - specificity(b.path));
}
