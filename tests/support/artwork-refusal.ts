import { inspectArtwork } from '../../src/server/artwork/inspect.ts';
import { DomainError } from '../../src/server/errors.ts';
import { statusOf } from '../../src/server/http.ts';

/** What the check answers for a file: 'accepted', or the refusal's HTTP status and message. */
export async function refusal(bytes: Buffer): Promise<{ status: number; message: string } | 'accepted'> {
  try {
    await inspectArtwork(bytes);
    return 'accepted';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: statusOf(error), message: error.message };
  }
}
