/** A customer quote (spec §3 Testimonial). */
export interface Quote {
  quote: string;
  author: string;
}
