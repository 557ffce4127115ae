import { copyFileSync, cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NetlifyDev } from '@netlify/dev';

export const EMULATOR_ORIGIN = 'http://localhost:8888';

/**
 * A copy of the project in a temporary folder for Netlify's own emulator to bundle and serve (it
 * writes its build there): the named folders and files copied, node_modules linked, an empty
 * dist/ unless the copy builds one.
 */
export function emulatorProject(
  prefix: string,
  entries: { folders: string[]; files: string[] } = {
    folders: ['src', 'netlify'],
    files: ['package.json', 'tsconfig.json', 'netlify.toml'],
  },
): string {
  const root = resolve('.');
  const project = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
  for (const entry of entries.folders) cpSync(join(root, entry), join(project, entry), { recursive: true });
  for (const file of entries.files) copyFileSync(join(root, file), join(project, file));
  mkdirSync(join(project, 'dist'), { recursive: true });
  return project;
}

/**
 * Netlify's emulator (@netlify/dev) serving a project's functions and dist/ offline, as a deploy
 * routes them: everything that would reach the network is off. It needs a server address, or
 * every call answers 500 (toolchain-facts.md).
 */
export async function startEmulator(project: string): Promise<NetlifyDev> {
  const netlify = new NetlifyDev({
    projectRoot: project,
    serverAddress: EMULATOR_ORIGIN,
    edgeFunctions: { enabled: false },
    images: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    aiGateway: { enabled: false },
    geolocation: { enabled: false },
    environmentVariables: { enabled: false },
  });
  await netlify.start();
  return netlify;
}
