/**
 * Hostile ways around the per-client limits (issue 25): one IPv6 subscriber spelling its /64 in
 * every way an address can be written, and uploads whose bytes do not match the size declared.
 */

/** Addresses of the one /64 2001:db8:25:6::/64: each must count as the same client. */
export const ONE_SUBSCRIBER_SPELLINGS = [
  '2001:db8:25:6::1',
  '2001:DB8:25:6::2',
  '2001:0db8:0025:0006:0000:0000:0000:0003',
  '2001:db8:25:6:ffff:ffff:ffff:ffff',
  '2001:db8:25:6:0:0:0:4',
  '2001:db8:25:6::5%eth0',
  '2001:db8:25:6::c000:0201',
  '2001:db8:25:6::192.0.2.1',
] as const;

/** Neighbouring /64s and IPv4 look-alikes: none may share the subscriber's key. */
export const OTHER_CLIENTS = [
  '2001:db8:25:7::1',
  '2001:db8:25::1',
  '2001:db8:26:6::1',
  '192.0.2.1',
  '::ffff:192.0.2.2',
];

export interface UploadSizeLie {
  label: string;
  /** The size the upload declared when it asked for its URL. */
  declared: number;
  /** The bytes then sent to the URL. */
  sent: number;
  /** Sent chunked, without Content-Length, so only counting can catch it. */
  chunked: boolean;
}

/** Uploads sending more than they declared: each is refused with 413 and nothing is kept. */
export const UPLOAD_SIZE_LIES: UploadSizeLie[] = [
  { label: 'one byte more than declared', declared: 1000, sent: 1001, chunked: false },
  { label: 'one byte declared, 2 MB sent chunked', declared: 1, sent: 2 * 1024 * 1024, chunked: true },
  { label: '1 KB declared, 60 MB sent chunked', declared: 1024, sent: 60 * 1024 * 1024, chunked: true },
];
