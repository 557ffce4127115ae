import type { ShippingAddress } from '../../lib/admin-schemas/orders.ts';

const COUNTRIES: Record<string, string> = { US: 'United States' };

/** A shipping address as it prints on a label: name, street, "City, ST ZIP", country. */
export function AddressLines({ address, className }: { address: ShippingAddress; className?: string }) {
  return (
    <address className={className}>
      {address.name}
      <br />
      {address.address_line1}
      {address.address_line2 ? (
        <>
          <br />
          {address.address_line2}
        </>
      ) : null}
      <br />
      {[address.city, [address.state, address.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      <br />
      {COUNTRIES[address.country] ?? address.country}
    </address>
  );
}
