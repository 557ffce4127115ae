/** Carriers the owner picks from when shipping, and where each one's tracking page is. */
export const CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Record<Exclude<Carrier, 'Other'>, (number: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}`,
};

/** The tracking page of a parcel: the one the owner gave, else the carrier's own; null when neither. */
export function trackingUrl(carrier: string, trackingNumber: string, given?: string | null): string | null {
  if (given) return given;
  const page = TRACKING_PAGES[carrier as keyof typeof TRACKING_PAGES];
  return page ? page(encodeURIComponent(trackingNumber)) : null;
}
