/**
 * The shop's one time zone (West Texas: Lubbock, Midland, San Angelo): every date people read,
 * an e-mail says or a CSV exports is on this clock; storage stays UTC. A module of its own so a
 * storefront island that needs it pulls in nothing else.
 */
export const SHOP_TIME_ZONE = 'America/Chicago';
