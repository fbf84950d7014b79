// Plumbing of the playground tests: a fresh build of the page into a temp dir, and headless
// Chromium (Debian's `chromium`) driven by playwright-core with a throwaway profile.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { buildPlayground, repoRoot, type PlaygroundBuild } from "../../scripts/build-playground.js";

export { repoRoot };

/** The browser binary: `KMUTATE_CHROMIUM`, else Debian's chromium. */
export const chromiumPath: string = process.env.KMUTATE_CHROMIUM ?? "/usr/bin/chromium";
/** Why browser tests are skipped ("" when a browser is there). */
export const noBrowser: string = existsSync(chromiumPath) ? "" : `no browser at ${chromiumPath} (apt-get install chromium, or set KMUTATE_CHROMIUM)`;

/** Where tests leave screenshots (gitignored). */
export const artifactsDir: string = join(repoRoot, "test-artifacts", "playground");

/** Builds the page into a new temp dir; `cleanup` removes it. */
export async function freshBuild(): Promise<PlaygroundBuild & { cleanup(): void }> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-playground-"));
  const b = await buildPlayground(join(dir, "playground"));
  return { ...b, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A headless Chromium with a fresh profile and no network use of its own; `close` removes the profile. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "kmutate-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** An open page and the errors it reported (uncaught exceptions, console errors, failed requests). */
export interface OpenPage {
  page: Page;
  errors: string[];
  /** Every URL the page requested. */
  requests: string[];
  /** Milliseconds from navigation start to the first rendered result, as the page measured it. */
  firstResultMs: number;
}

/** Opens the built page from its file:// URL with `fragment` and waits for the first result. */
export async function openPlayground(context: BrowserContext, outdir: string, fragment: string): Promise<OpenPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console error: ${m.text()}`);
  });
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
  await page.goto(`${pathToFileURL(join(outdir, "index.html")).href}#${fragment}`);
  const body = page.locator("body[data-first-result-ms]");
  await body.waitFor({ state: "attached", timeout: 30_000 });
  const firstResultMs = Number(await body.getAttribute("data-first-result-ms"));
  return { page, errors, requests, firstResultMs };
}

/** Replaces the text of the shown file of a pane (as a user pasting it) and waits for the next run. */
export async function replaceShownFile(page: Page, pane: string, text: string): Promise<void> {
  await editAndWait(page, () => page.locator(`#pane-${pane} .editor:not([hidden]) .cm-content`).fill(text));
}

/** Runs `edit` (a user action) and waits until the page has run again. */
export async function editAndWait(page: Page, edit: () => Promise<unknown>): Promise<void> {
  const runs = await page.locator("body").getAttribute("data-runs");
  await edit();
  await page.locator(`body:not([data-runs="${runs}"])`).waitFor({ state: "attached", timeout: 30_000 });
}

/** The names of a pane's file tabs, in order. */
export function tabNames(page: Page, pane: string): Promise<string[]> {
  return page.locator(`#pane-${pane} .tab-name`).allTextContents();
}

/** Makes the artifacts dir; returns the path of `name` in it. */
export function artifactPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return join(artifactsDir, name);
}
