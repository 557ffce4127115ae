import { readFileSync } from 'node:fs';
import { test } from '@playwright/test';

/**
 * The browser tests' shops: `npm start` on fresh data, one for most projects and one of its own for
 * the `journeys` project (whose admin saves republish pages), each on its own port with its own
 * data folder (playwright.config.ts). A helper finds the shop of the test that calls it from the
 * test's project, so one helper serves both.
 */
export const MAIN_PORT = Number(process.env['E2E_PORT'] ?? 4398);
export const JOURNEYS_PORT = MAIN_PORT + 1;

/** The port of the shop the running test talks to (its project's baseURL). */
export function shopPort(): number {
  const base = test.info().project.use.baseURL;
  return base ? Number(new URL(base).port) : MAIN_PORT;
}

/** The data folder of a shop (`.data/e2e-PORT`): its database, mailbox and admin password. */
export const shopDataDir = (port = shopPort()) => `.data/e2e-${port}`;

/** The shop's generated admin password. */
export const adminPassword = (port = shopPort()) =>
  readFileSync(`${shopDataDir(port)}/admin-password.txt`, 'utf8').trim();

/** Where the `owner` setup project keeps the owner's signed-in state for a shop. */
export const ownerStatePath = (port = shopPort()) => `${shopDataDir(port)}/owner-state.json`;

interface OwnerState {
  /** The admin's localStorage key and the token the owner's one sign-in stored there. */
  key: string;
  token: string;
}

/** The owner's token from the run's one sign-in (tests/e2e/owner.setup.ts). */
export function ownerState(port = shopPort()): OwnerState {
  return JSON.parse(readFileSync(ownerStatePath(port), 'utf8')) as OwnerState;
}
