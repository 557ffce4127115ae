import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every .html file under a build's output folder (the pre-rendered pages), as paths. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}
