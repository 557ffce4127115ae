/**
 * Puts the map (another site's page, held in a <template>) into each `[data-map]` box. Page
 * scripts run after the first paint, so the map's page never competes with this one for the
 * network while it loads; without JavaScript the <noscript> copy shows it.
 */
for (const box of document.querySelectorAll<HTMLElement>('[data-map]')) {
  const template = box.querySelector('template');
  if (template) box.replaceChildren(template.content.cloneNode(true));
}
