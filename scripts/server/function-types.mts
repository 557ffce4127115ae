// Shapes shared by the loader, the router and the invoker of Netlify Functions (v2).
import type { Cookies } from './cookies.mts';

export type FunctionContext = {
  account: { id: string };
  cookies: Cookies;
  deploy: { context: string; id: string; published: boolean };
  geo: Record<string, never>;
  ip: string;
  json: (value: unknown) => Response;
  log: (...data: unknown[]) => void;
  params: Record<string, string>;
  requestId: string;
  server: { region: string };
  site: { id: string; name: string; url: string };
  url: URL;
  waitUntil: (promise: Promise<unknown>) => void;
};

export type FunctionHandler = (request: Request, context: FunctionContext) => unknown;

export type LoadedFunction = {
  /** File name without extension, as Netlify names the function. */
  name: string;
  file: string;
  handler: FunctionHandler;
  /** Upper-case methods, or null when the function accepts any method. */
  methods: string[] | null;
  excluded: URLPattern[];
};

/** One `config.path` entry of one function; a function with several paths has several routes. */
export type FunctionRoute = { fn: LoadedFunction; path: string; pattern: URLPattern };
