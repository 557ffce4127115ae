/** The project's own client directives (registered in astro.config.mjs). */
declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the first interaction with the island; a selector value: also after load while the page matches it (src/deferred-loading/interaction.ts). */
    'client:interaction'?: boolean | string;
    /** Hydrate once the page has loaded, or on the first interaction (src/deferred-loading/after-load.ts). */
    'client:afterload'?: boolean;
  }
}
