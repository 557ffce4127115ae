import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a throttle or budget counts: an IPv4 address as it is, an IPv6 address by its /64.
 * A home or hosted IPv6 connection is handed a whole /64 (2^64 addresses), so keying on the full
 * address would give one person unlimited budgets; a /64 is what one subscriber gets, the same
 * unit as one IPv4 address. IPv4 written as IPv6 (`::ffff:1.2.3.4`) is that IPv4 address.
 * Zone ids (`fe80::1%eth0`) are dropped. Anything else (no address, not an IP) is kept as it is,
 * so it still counts as one client.
 */
export function throttleAddress(ip: string | undefined): string {
  const text = (ip ?? '').trim();
  if (text === '') return 'unknown';
  if (isIPv4(text)) return text;
  const address = text.replace(/%.*$/, '');
  if (!isIPv6(address)) return text;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  return `${compress([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** RFC 5952 text: lower-case hex without leading zeros, the longest run of two or more zero groups as `::`. */
function compress(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  const before = hex.slice(0, best.start).join(':');
  const after = hex.slice(best.start + best.length).join(':');
  return `${before}::${after}`;
}
