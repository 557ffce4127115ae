// For tsc: the tests render pages through Astro's Container API (astro check types .astro files itself).
declare module '*.astro' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const component: AstroComponentFactory;
  export default component;
}
