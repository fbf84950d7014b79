// The page and `kmutate apply` on the same inputs give byte-identical output: every example as the
// page opens it, and one example edited in the page (an added policy, UPDATE with old objects,
// user, groups and an authorizer decision) against `apply --config --old-objects`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { editAndWait, freshBuild, launchBrowser, noBrowser, openPlayground, replaceShownFile, repoRoot, tabNames } from "./harness.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
const fixtures = join(repoRoot, "test", "playground", "fixtures");
const examplesDir = join(repoRoot, "examples");
const examples = readdirSync(examplesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** `kmutate apply` in `cwd` with `args`, then `-f` and the files. */
function apply(cwd: string, files: readonly string[], args: readonly string[] = []): { status: number | null; stdout: string } {
  return spawnSync(process.execPath, [bin, "apply", ...args, "-f", ...files], { cwd, encoding: "utf8" });
}

test("the page and kmutate apply give byte-identical output", { skip: noBrowser || false }, async (t) => {
  const build = await freshBuild();
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close();
    build.cleanup();
  });

  await t.test("the example menu lists every directory of examples/", async () => {
    const { page } = await openPlayground(browser.context, build.outdir, "");
    assert.deepEqual((await page.locator("#example option").evaluateAll((os) => os.map((o) => o.getAttribute("value")))).filter((v) => v !== ""), examples);
    await page.close();
  });

  for (const name of examples) {
    await t.test(`examples/${name}: #output is what kmutate apply prints for the page's files`, async () => {
      const { page, errors } = await openPlayground(browser.context, build.outdir, `example=${name}`);
      const files = [...(await tabNames(page, "policies")), ...(await tabNames(page, "manifests"))];
      const cli = apply(join(examplesDir, name), files);
      // validate-after-mutate has a ValidatingAdmissionPolicy deny one Deployment: exit 1 on both sides.
      assert.equal(cli.status, name === "validate-after-mutate" ? 1 : 0);
      assert.equal(await page.textContent("#output"), cli.stdout);
      assert.match((await page.textContent("#status")) ?? "", new RegExp(`exit ${cli.status}$`));
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  await t.test("labels-from-params with an added policy, UPDATE, old objects, user, groups and Allow: as apply --config --old-objects", async () => {
    const { page, errors } = await openPlayground(browser.context, build.outdir, "example=labels-from-params");
    await page.selectOption("#opt-operation", "UPDATE");
    await page.fill("#opt-user", "ci@example.com");
    await page.fill("#opt-groups", "platform, dev");
    await page.selectOption("#opt-authorizer", "Allow");
    await editAndWait(page, () => page.click("#pane-old .tab-add"));
    await replaceShownFile(page, "old", readFileSync(join(fixtures, "old-checkout.yaml"), "utf8"));
    await editAndWait(page, () => page.click("#pane-policies .tab-add"));
    await replaceShownFile(page, "policies", readFileSync(join(fixtures, "update-audit.yaml"), "utf8"));
    const files = [...(await tabNames(page, "policies")), ...(await tabNames(page, "manifests"))];
    const [oldFile] = await tabNames(page, "old");
    assert.deepEqual([files.at(-2), oldFile], ["policy-2.yaml", "old.yaml"]);

    const dir = mkdtempSync(join(tmpdir(), "kmutate-parity-"));
    try {
      cpSync(join(examplesDir, "labels-from-params"), dir, { recursive: true });
      cpSync(join(fixtures, "update-audit.yaml"), join(dir, "policy-2.yaml"));
      cpSync(join(fixtures, "old-checkout.yaml"), join(dir, "old.yaml"));
      writeFileSync(join(dir, "config.yaml"), [
        "apiVersion: fn.kmutate.dev/v1alpha1", "kind: MutationConfig", "metadata:", "  name: playground", "spec:", "  operation: UPDATE",
        "  userInfo:", "    username: ci@example.com", "    groups: [platform, dev]", "  authorizer:", "    decision: Allow", "",
      ].join("\n"));
      const cli = apply(dir, files, ["--config", "config.yaml", "--old-objects", "old.yaml"]);
      assert.equal(cli.status, 0);
      // The options reached admission: old replicas from old.yaml for checkout, the item itself for indexer.
      for (const line of ["audit.example.com/by: ci@example.com", "audit.example.com/groups: platform,dev", 'audit.example.com/old-replicas: "3"', 'audit.example.com/old-replicas: "1"', 'audit.example.com/may-scale: "true"']) {
        assert.ok(cli.stdout.includes(`    ${line}\n`), line);
      }
      assert.equal(await page.textContent("#output"), cli.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
