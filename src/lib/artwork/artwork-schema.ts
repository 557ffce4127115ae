import { MAX_PRINT_WIDTH_IN } from '../catalog/print-widths.ts';
import { z } from '../zod.ts';

/**
 * Customer artwork (docs/decisions/0015-print-ordering.md): the contracts of /api/artwork/*, shared
 * by the upload client, the upload component and the functions that validate the same payloads.
 */

export const MAX_ARTWORK_BYTES = 50 * 1024 * 1024;
export const MAX_ARTWORK_MB = MAX_ARTWORK_BYTES / 1024 / 1024;
export const ARTWORK_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'image/svg+xml'] as const;
export type ArtworkContentType = (typeof ARTWORK_CONTENT_TYPES)[number];
/** What the file input offers; the server still decides the type by content. */
export const ARTWORK_ACCEPT = '.png,.jpg,.jpeg,.pdf,.svg,image/png,image/jpeg,application/pdf,image/svg+xml';

/** The browser's anonymous owner token: random, kept by the browser, never stored by the shop. */
export const ownerTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'Not a valid owner token');

/** Widths a print can have, in inches (a small sticker to a 100 ft banner), as the owner may set them. */
export const printWidthSchema = z.number().positive().max(MAX_PRINT_WIDTH_IN);

/** POST /api/artwork/uploads */
export const createUploadSchema = z.strictObject({
  fileName: z.string().trim().min(1, 'Name the file').max(255),
  size: z.number().int().min(1, 'The file is empty'),
  ownerToken: ownerTokenSchema.nullish(),
});
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

/** Where and how the browser sends the bytes: straight to storage, never through a function. */
export interface UploadTicket {
  artworkId: string;
  /** The token to keep (a new one when the request had none). */
  ownerToken: string;
  upload: { url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: string };
}

/** POST /api/artwork/:id/check */
export const checkRequestSchema = z.strictObject({
  ownerToken: ownerTokenSchema,
  printWidthInches: printWidthSchema.nullish(),
});
export type CheckRequest = z.infer<typeof checkRequestSchema>;

export type ArtworkKind = 'raster' | 'vector' | 'pdf';

/** What the shop found in a file (stored in artwork.checks). */
export interface ArtworkFindings {
  kind: ArtworkKind;
  widthPx: number | null;
  heightPx: number | null;
  /** true / false, or null where the shop cannot tell (PDF). */
  hasTransparency: boolean | null;
  pages: number | null;
  /** The first page's trimmed size (PDF) or the drawing's declared size (SVG), in inches. */
  widthIn: number | null;
  heightIn: number | null;
  /** PDF: every page has the first page's size. */
  samePageSizes: boolean | null;
  /** The ink colours the design seems to use (raster and SVG); absent on files checked before. */
  inkColors?: InkColorCount | null;
}

/**
 * What the check found of a design's colours, a suggestion the customer confirms
 * (docs/decisions/0027-price-lists.md).
 */
export interface InkColorCount {
  /** Spot inks counted; null when the design is full colour. */
  count: number | null;
  /** A photograph, a gradient or more inks than screen print takes well. */
  fullColor: boolean;
  /** The opaque background not counted as an ink ("#ffffff"), or null. */
  background: string | null;
  /** The inks' colours ("#1f3a93"), largest first. */
  inks: string[];
}

/** The answer of a check: what was found, said in plain words for the chosen print width. */
export interface ArtworkCheckResult extends ArtworkFindings {
  artworkId: string;
  fileName: string;
  contentType: ArtworkContentType;
  byteSize: number;
  printWidthInches: number | null;
  effectiveDpi: number | null;
  notes: string[];
  warnings: string[];
  /** GET it with the owner token in the X-Artwork-Owner header (see fetchArtworkThumbnail). */
  thumbnailPath: string;
}

export { OWNER_HEADER } from '../browser/artwork-owner.ts';
