import type { SupplierOrderRequest } from './contract.ts';
import { escapeXml, type PromoService } from './promostandards-soap.ts';

/** SanMar's PromoStandards endpoints (sanmar.com "Web Services Integration Guide"), by service. */
const PS = 'http://www.promostandards.org/WSDL';
export const SANMAR_SERVICES = {
  product: {
    path: '/promostandards/ProductDataServiceV2.xml',
    action: 'getProduct',
    namespace: `${PS}/ProductDataService/2.0.0/`,
    shared: `${PS}/ProductDataService/2.0.0/SharedObjects/`,
    wsVersion: '2.0.0',
  },
  inventory: {
    path: '/promostandards/InventoryServiceBindingV2final',
    action: 'getInventoryLevels',
    namespace: `${PS}/Inventory/2.0.0/`,
    shared: `${PS}/Inventory/2.0.0/SharedObjects/`,
    wsVersion: '2.0.0',
  },
  pricing: {
    path: '/promostandards/PricingAndConfigurationServiceBinding',
    action: 'getConfigurationAndPricing',
    namespace: `${PS}/PricingAndConfiguration/1.0.0/`,
    shared: `${PS}/PricingAndConfiguration/1.0.0/SharedObjects/`,
    wsVersion: '1.0.0',
  },
  po: {
    path: '/promostandards/POServiceBinding',
    action: 'sendPO',
    namespace: `${PS}/PO/1.0.0/`,
    shared: `${PS}/PO/1.0.0/SharedObjects/`,
    wsVersion: '1.0.0',
  },
} satisfies Record<string, PromoService>;

type Tree = string | number | boolean | Tree[] | { [name: string]: Tree };

/** Nested `shar:` elements from a plain object (arrays repeat the element), leaves escaped. */
export function xml(tree: Record<string, Tree>): string {
  return Object.entries(tree)
    .map(([name, value]) => {
      if (Array.isArray(value)) return value.map((v) => xml({ [name]: v })).join('');
      const inner = typeof value === 'object' ? xml(value) : escapeXml(String(value));
      return `<shar:${name}>${inner}</shar:${name}>`;
    })
    .join('');
}

/** The PO of sendPO 1.0.0 for blanks: one shipment to the shop, one line item per SKU. */
export function purchaseOrderXml(order: SupplierOrderRequest, today: string): string {
  const to = order.shipTo;
  return xml({
    PO: {
      orderType: 'Blank',
      orderNumber: order.poNumber,
      orderDate: today,
      totalAmount: 0,
      rush: false,
      currency: 'USD',
      ShipmentArray: {
        Shipment: {
          allowConsolidation: true,
          blindShip: false,
          packingListRequired: false,
          FreightDetails: { carrier: 'UPS', service: 'GROUND' },
          ShipTo: {
            customerPickup: false,
            ContactDetails: {
              attentionTo: to.attention,
              companyName: to.company,
              address1: to.address,
              city: to.city,
              region: to.state,
              postalCode: to.zip,
              country: to.country,
            },
            shipmentId: 1,
          },
        },
      },
      LineItemArray: {
        LineItem: order.lines.map((line, i) => ({
          lineNumber: i + 1,
          description: line.sku,
          lineType: 'New',
          Quantity: { uom: 'EA', value: line.quantity },
          toleranceDetails: { tolerance: 'ExactOnly' },
          allowPartialShipments: true,
          PartArray: {
            Part: { partId: line.sku, customerSupplied: false, Quantity: { uom: 'EA', value: line.quantity } },
          },
        })),
      },
      termsAndConditions: 'Blank garments for decoration',
    },
  });
}
