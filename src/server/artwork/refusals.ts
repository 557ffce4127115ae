import { TooLarge, UnsupportedMedia } from '../errors.ts';

/** A file the shop will not take: 415 (not an accepted type) or 413 (too big), with a message for the person. */
export const notArtwork = (message: string) => new UnsupportedMedia('unsupported_artwork', message);
export const artworkTooLarge = (message: string) => new TooLarge('artwork_too_large', message);

export const ACCEPTED_TYPES_TEXT = 'Send a PNG, JPEG, PDF or SVG file.';
