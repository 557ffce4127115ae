/** Public service shapes served by GET /api/services and rendered by the service pages. */
/** A service's category, as the services table's check allows and the admin's form offers. */
export const SERVICE_CATEGORIES = ['Branding', 'Printing', 'Promotional', 'E-Commerce'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export interface Testimonial {
  id: string;
  quote: string;
  author: string;
}

/** The Service Details list (docs/decisions/spec-rules.md#s2), read from services.metadata. */
export interface ServiceDetails {
  idealFor: string | null;
  turnaround: string | null;
  materials: string[];
  whatToExpect: string | null;
  requirements: string | null;
}

export interface ServiceSummary {
  id: string;
  slug: string;
  name: string;
  tagline: string | null;
  category: ServiceCategory;
  short_description: string | null;
  image_main_url: string | null;
}

export interface ServiceDetail extends ServiceSummary {
  description: string | null;
  /** The rich description edited in the admin, sanitised; preferred over `description` when set. */
  description_html: string | null;
  image_secondary_url: string | null;
  base_price_cents: number;
  duration_minutes: number | null;
  details: ServiceDetails;
  testimonials: Testimonial[];
}

/** Quotes grouped under the service they are about (Testimonials by Service). */
export interface ServiceTestimonials {
  service: Pick<ServiceSummary, 'slug' | 'name'>;
  testimonials: Testimonial[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Reads the admin-edited metadata JSON defensively: a missing or mistyped key becomes empty
 * rather than breaking the build. Materials may be a list or, if typed by hand, one string.
 */
export function parseServiceDetails(metadata: unknown): ServiceDetails {
  const m = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {};
  const rawMaterials = Array.isArray(m['materials']) ? m['materials'] : [m['materials']];
  return {
    idealFor: text(m['idealFor']),
    turnaround: text(m['turnaround']),
    materials: rawMaterials.map(text).filter((v): v is string => v !== null),
    whatToExpect: text(m['whatToExpect']),
    requirements: text(m['requirements']),
  };
}

/** The rows of the Service Details list in display order; empty entries are left out. */
export function serviceDetailRows(details: ServiceDetails): { label: string; value: string | string[] }[] {
  const rows: { label: string; value: string | string[] | null }[] = [
    { label: 'Ideal For', value: details.idealFor },
    { label: 'Turnaround Time', value: details.turnaround },
    { label: 'Materials', value: details.materials.length > 0 ? details.materials : null },
    { label: 'What to Expect', value: details.whatToExpect },
    { label: 'Requirements', value: details.requirements },
  ];
  return rows.filter((r): r is { label: string; value: string | string[] } => r.value !== null);
}

/** Plain-text description split into paragraphs on blank lines. */
export function paragraphs(value: string | null): string[] {
  return (value ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Distinct categories in the order services first use them (the filter's options after All). */
export function serviceCategories(services: readonly Pick<ServiceSummary, 'category'>[]): ServiceCategory[] {
  return [...new Set(services.map((s) => s.category))];
}

/** schema.org Service for a detail page; the provider is the shop's LocalBusiness. */
export function serviceJsonLd(site: URL, service: ServiceDetail, shopName: string): Record<string, unknown> {
  const url = new URL(`/services/${service.slug}`, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.name,
    description: service.short_description ?? service.tagline ?? service.name,
    serviceType: service.category,
    url,
    ...(service.image_main_url ? { image: new URL(service.image_main_url, site).href } : {}),
    provider: { '@type': 'LocalBusiness', '@id': new URL('/#business', site).href, name: shopName },
    areaServed: ['West Texas', 'United States'],
  };
}
