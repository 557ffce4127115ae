import { config, z } from 'zod';

/**
 * Zod for code that also runs in browsers. Zod compiles fast object parsers with `new Function`
 * when eval is allowed and probes for that as each schema is built; under the shop's CSP (no
 * 'unsafe-eval') the probe is a reported violation. In a browser the interpreted parser is used
 * (payloads there are small); on the server schemas keep the compiled fast path. This module
 * must be what schemas import, so the setting is made before any of them is built.
 */
if (typeof document !== 'undefined') config({ jitless: true });

export { z };
