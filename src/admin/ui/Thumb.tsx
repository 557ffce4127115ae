/** The 50 x 50 image of a list row (products, services, collections). */
export function Thumb({ url }: { url: string | null | undefined }) {
  return url ? <img className="adm-thumb" src={url} alt="" width={50} height={50} loading="lazy" /> : null;
}
