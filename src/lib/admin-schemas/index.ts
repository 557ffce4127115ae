/**
 * Payload schemas and answer types of the admin API, shared by the functions that validate
 * them and the admin SPA that sends them (DESIGN.md: each contract is defined once).
 */
export * from './auth.ts';
export * from './collections.ts';
export * from './colors.ts';
export * from './discount-codes.ts';
export * from './fields.ts';
export * from './images.ts';
export * from './orders.ts';
export * from './products.ts';
export * from './product-list.ts';
export * from './services.ts';
export * from './sizes.ts';
export * from './templates.ts';
export * from './users.ts';
export * from './order-stage.ts';
export * from './order-refund.ts';
export * from './dashboard.ts';
export * from './quote-requests.ts';
export * from './price-lists.ts';
export * from './business-accounts.ts';
export * from './payment-settings.ts';
export * from './shop-settings.ts';
