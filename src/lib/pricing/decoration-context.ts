import type { JobDecoration, PricePart } from './job.ts';

/** What a method's pricer knows of one print location on one line. */
export interface DecorationContext {
  decoration: JobDecoration;
  /** Pieces the design goes on across the job (its band). */
  pieces: number;
  /** Screen print: the line's first screen-printed location (priced from the grid). */
  first: boolean;
  darkGarment: boolean;
  /** The decoration's path in the job, e.g. "lines[2].decorations[0]". */
  field: string;
}

export type DecorationParts = PricePart[];
