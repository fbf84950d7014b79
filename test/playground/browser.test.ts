// The playground in a real browser (headless Chromium, file:// URL): an example's result, a broken
// CEL expression marked where `kmutate check` places it, the expression pane against `kmutate
// eval`, a share link, a screenshot (test-artifacts/playground/) and the time from load to first result.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { artifactPath, freshBuild, launchBrowser, noBrowser, openPlayground, replaceShownFile, repoRoot, tabNames, editAndWait } from "./harness.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
const example = join(repoRoot, "examples", "sidecar-injection");

test("playground in headless Chromium", { skip: noBrowser || false }, async (t) => {
  const build = await freshBuild();
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close();
    build.cleanup();
  });
  const { page, errors, requests, firstResultMs } = await openPlayground(browser.context, build.outdir, "example=sidecar-injection");

  await t.test("#example=sidecar-injection: the injected sidecar is in #output, and the time to the first result is printed", async () => {
    console.log(`playground: load to first result (sidecar-injection, file://): ${firstResultMs} ms`);
    const output = (await page.textContent("#output")) ?? "";
    // The Pod as kpt renders the example (.expected/): the mesh-proxy init container injected after migrate.
    assert.ok(output.includes(readFileSync(join(example, ".expected", "pods.yaml"), "utf8")), output);
    assert.match(output, /^ {4}- name: mesh-proxy\n {6}image: registry\.example\.com\/mesh-proxy:1\.21\.0\n {6}restartPolicy: Always\n/m);
    assert.equal(await page.textContent("#expr-result"), "true\n");
    await page.screenshot({ path: artifactPath("sidecar-injection.png"), fullPage: true });
  });

  await t.test("a broken CEL expression is marked at the line and column kmutate check reports", async () => {
    assert.deepEqual(await page.locator("#pane-policies .tab.active .tab-name").allTextContents(), ["policy.yaml"]);
    const broken = readFileSync(join(example, "policy.yaml"), "utf8").replace("image: params.spec.proxyImage,", "image: params.spec.proxyImage +,");
    const dir = mkdtempSync(join(tmpdir(), "kmutate-broken-"));
    let expected: { line: number; col: number };
    try {
      cpSync(example, dir, { recursive: true });
      writeFileSync(join(dir, "policy.yaml"), broken);
      const check = spawnSync(process.execPath, [bin, "check", "."], { cwd: dir, encoding: "utf8" });
      const m = /^policy\.yaml:(\d+):(\d+): error: /m.exec(check.stdout);
      assert.ok(m, check.stdout);
      expected = { line: Number(m[1]), col: Number(m[2]) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await replaceShownFile(page, "policies", broken);
    const places = await page.locator("#results .result.sev-error .place").allTextContents();
    assert.ok(places.includes(`policy.yaml:${expected.line}:${expected.col}`), places.join(", "));
    // The editor marks the rest of that line, from the column on.
    const rest = broken.split("\n")[expected.line - 1].slice(expected.col - 1);
    assert.ok((await page.locator("#pane-policies .cm-lintRange-error").allTextContents()).includes(rest));
    // cel-go reports five syntax errors for this expression (the CEL oracle), plus the denial of the one matched Pod.
    assert.deepEqual(await page.locator("#pane-policies .tab.active .badge-error").allTextContents(), ["6"]);
    assert.match((await page.textContent("#status")) ?? "", /exit 1$/);
    await page.screenshot({ path: artifactPath("sidecar-injection-broken-cel.png"), fullPage: true });
    await replaceShownFile(page, "policies", readFileSync(join(example, "policy.yaml"), "utf8"));
    assert.match((await page.textContent("#status")) ?? "", /exit 0$/);
  });

  await t.test("the expression pane prints what kmutate eval prints, values and errors", async () => {
    const pods = (await tabNames(page, "manifests"))[0];
    assert.equal(pods, "pods.yaml");
    const cart = readFileSync(join(example, "pods.yaml"), "utf8").split("\n---\n")[0] + "\n";
    const dir = mkdtempSync(join(tmpdir(), "kmutate-eval-"));
    try {
      writeFileSync(join(dir, "cart.yaml"), cart);
      for (const expression of ["object.spec.containers.map(c, c.image)", "object.spec.containers[0].name + 1", "object.metadata.name.matches('^c[a-z]+$')"]) {
        await editAndWait(page, () => page.locator("#pane-expression .cm-content").fill(expression));
        const cli = spawnSync(process.execPath, [bin, "eval", expression, "--object", "cart.yaml"], { cwd: dir, encoding: "utf8" });
        assert.equal(await page.textContent("#expr-result"), cli.status === 0 ? cli.stdout : cli.stderr.replace(/\n$/, ""), expression);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  await t.test("Copy share link puts the whole state in the fragment, and the link restores it", async () => {
    await page.fill("#opt-user", "alice");
    await replaceShownFile(page, "manifests", readFileSync(join(example, "pods.yaml"), "utf8").replace("name: cart", "name: basket"));
    await page.click("#share");
    const fragment = new URL(page.url()).hash.slice(1);
    assert.match(fragment, /^state=[A-Za-z0-9_-]+$/);
    const shared = await openPlayground(browser.context, build.outdir, fragment);
    for (const pane of ["policies", "manifests", "old"]) assert.deepEqual(await tabNames(shared.page, pane), await tabNames(page, pane), pane);
    assert.equal(await shared.page.inputValue("#opt-user"), "alice");
    assert.equal(await shared.page.textContent("#output"), await page.textContent("#output"));
    assert.match((await shared.page.textContent("#output")) ?? "", /name: basket/);
    assert.equal(await shared.page.textContent("#pane-expression .cm-content"), await page.textContent("#pane-expression .cm-content"));
    assert.deepEqual(shared.errors, []);
    await shared.page.close();
  });

  await t.test("the page reported no errors and requested nothing but its own files", () => {
    assert.deepEqual(errors, []);
    const own = pathToFileURL(build.outdir).href + "/";
    assert.deepEqual(requests.map((u) => (u.startsWith(own) ? u.slice(own.length).replace(/#.*$/, "") : u)).sort(), ["app.js", "engine.js", "index.html", "style.css"]);
  });
});
