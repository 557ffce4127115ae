/**
 * Runs `batch` (which does at most `size` things and answers how many) until it does less than
 * a full batch, at most `batches` times: a job's run stays short however much is due. Answers
 * the total done.
 */
export async function inBatches(batches: number, size: number, batch: () => Promise<number>): Promise<number> {
  let done = 0;
  for (let i = 0; i < batches; i++) {
    const count = await batch();
    done += count;
    if (count < size) break;
  }
  return done;
}
