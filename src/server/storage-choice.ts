import { config } from './config.ts';

type Supabase = { url: string; serviceRoleKey: string };

/**
 * One process-wide store per kind of file (admin images, customer artwork), chosen once from the
 * configuration: Supabase Storage when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, files
 * under DATA_DIR otherwise. Kept on globalThis so every module copy in a process shares it; tests
 * install their own with `install`.
 */
export function storageChoice<T>(name: string, make: { supabase(s: Supabase): T; local(dataDir: string): T }) {
  const key = `__printShop${name}`;
  const holder = globalThis as unknown as Record<string, T | undefined>;
  return {
    get(): T {
      if (!holder[key]) {
        const cfg = config();
        holder[key] =
          cfg.SUPABASE_URL && cfg.SUPABASE_SERVICE_ROLE_KEY
            ? make.supabase({ url: cfg.SUPABASE_URL, serviceRoleKey: cfg.SUPABASE_SERVICE_ROLE_KEY })
            : make.local(cfg.dataDir);
      }
      return holder[key];
    },
    install(next: T | undefined) {
      holder[key] = next;
    },
  };
}
