import { createHmac } from 'node:crypto';
import { config, type ServerConfig } from '../config.ts';
import { embeddedSecret } from './admin-credentials.ts';

type LinkConfig = Pick<ServerConfig, 'LINK_SIGNING_SECRET' | 'ADMIN_TOKEN_SECRET' | 'dataDir'>;

/**
 * The key of the shop's signed links (src/server/links/signed-links.ts) and of the keyed hashes
 * kept beside them (one-time codes, a store buyer's pass): LINK_SIGNING_SECRET; else a key derived
 * from ADMIN_TOKEN_SECRET; else one kept in DATA_DIR. A primitive of auth/, so auth's own modules
 * use it without importing links/.
 */
export function linkSecret(cfg: LinkConfig = config()): Buffer {
  if (cfg.LINK_SIGNING_SECRET) return Buffer.from(cfg.LINK_SIGNING_SECRET, 'utf8');
  if (cfg.ADMIN_TOKEN_SECRET) return createHmac('sha256', cfg.ADMIN_TOKEN_SECRET).update('signed-links').digest();
  return embeddedSecret(cfg.dataDir, 'link-signing-secret');
}
