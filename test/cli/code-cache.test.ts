// The bin's code cache (src/cli/code-cache.ts): which cache a bundle's code comes from, that a
// cache never stands in for other source, and that an unusable cache directory only costs speed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bundleWrapper, cacheFileName, loadBundle, userCacheDir } from "../../src/cli/code-cache.js";

/** A CommonJS bundle as post-build writes them (wrapped): it requires a file beside it and reads `import.meta.url`. */
const bundleText = (answer: string): string =>
  `${bundleWrapper.start}"use strict";\nconst dep = require("./dep.cjs");\nmodule.exports = { answer: () => ${JSON.stringify(answer)} + dep.suffix, url: __kmutate_import_meta_url, self: __filename };\n${bundleWrapper.end}`;

interface Answer {
  answer(): string;
  url: string;
  self: string;
}

function withDir(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-code-cache-test-"));
  try {
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist", "dep.cjs"), 'module.exports = { suffix: "!" };\n');
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function writeBundle(dir: string, answer: string): string {
  const file = join(dir, "dist", "kmutate-fn.cjs");
  writeFileSync(file, bundleText(answer));
  return file;
}

test("code cache: the first run compiles and writes the per-user cache, the next run uses it", () => {
  withDir((dir) => {
    const file = writeBundle(dir, "first");
    const user = join(dir, "user");
    const first = loadBundle<Answer>(file, { user });
    assert.deepEqual([first.source, first.savesCache, first.exports.answer(), first.exports.url, first.exports.self], ["none", true, "first!", pathToFileURL(file).href, file]);
    const written = first.saveCache();
    assert.equal(written, join(user, cacheFileName(file, Buffer.from(bundleText("first"))) ?? "?"));
    assert.equal(statSync(user).mode & 0o777, 0o700);
    assert.equal(statSync(written).mode & 0o777, 0o600);
    const second = loadBundle<Answer>(file, { user });
    assert.deepEqual([second.source, second.savesCache, second.exports.answer()], ["user", false, "first!"]);
    assert.equal(second.saveCache(), undefined);
  });
});

test("code cache: a cache beside the bundle is used first and nothing is written", () => {
  withDir((dir) => {
    const file = writeBundle(dir, "shipped");
    const build = loadBundle<Answer>(file, { user: join(dir, "build") });
    const made = build.saveCache();
    assert.ok(made !== undefined);
    copyFileSync(made, join(dir, "dist", made.slice(made.lastIndexOf("/") + 1)));
    const user = join(dir, "user");
    const run = loadBundle<Answer>(file, { user });
    assert.deepEqual([run.source, run.exports.answer(), run.saveCache(), existsSync(user)], ["shipped", "shipped!", undefined, false]);
  });
});

test("code cache: a cache of other source of the same length is never used", () => {
  withDir((dir) => {
    const user = join(dir, "user");
    const file = writeBundle(dir, "aaaa");
    const old = loadBundle<Answer>(file, { user });
    const oldCache = old.saveCache();
    assert.ok(oldCache !== undefined);
    writeBundle(dir, "bbbb"); // same length, other bytes: V8 alone would accept the old cache
    const next = loadBundle<Answer>(file, { user });
    assert.deepEqual([next.source, next.exports.answer()], ["none", "bbbb!"]);
    // Writing the new cache removes this Node's cache of the earlier build.
    const newCache = next.saveCache();
    assert.ok(newCache !== undefined && newCache !== oldCache);
    assert.deepEqual(readdirSync(user), [newCache.slice(newCache.lastIndexOf("/") + 1)]);
  });
});

test("code cache: a damaged cache is rejected, the bundle still runs and the cache is rewritten", () => {
  withDir((dir) => {
    const user = join(dir, "user");
    const file = writeBundle(dir, "ok");
    const name = cacheFileName(file, Buffer.from(bundleText("ok")));
    assert.ok(name !== undefined);
    mkdirSync(user, { mode: 0o700 });
    writeFileSync(join(user, name), Buffer.alloc(4096, 7));
    const run = loadBundle<Answer>(file, { user });
    assert.deepEqual([run.source, run.exports.answer()], ["none", "ok!"]);
    assert.equal(run.saveCache(), join(user, name));
    assert.equal(loadBundle<Answer>(file, { user }).source, "user");
  });
});

const unusable: Array<{ name: string; user: (dir: string) => string | undefined }> = [
  { name: "off (NODE_DISABLE_COMPILE_CACHE)", user: () => undefined },
  {
    name: "that cannot be created (read-only file system, a file in the way)",
    user: (dir) => {
      writeFileSync(join(dir, "file"), "");
      return join(dir, "file", "cache");
    },
  },
  {
    name: "that other users may write to",
    user: (dir) => {
      mkdirSync(join(dir, "shared"));
      chmodSync(join(dir, "shared"), 0o777);
      return join(dir, "shared");
    },
  },
];

for (const row of unusable) {
  test(`code cache: a per-user cache directory ${row.name} is neither read nor written`, () => {
    withDir((dir) => {
      const file = writeBundle(dir, "plain");
      const user = row.user(dir);
      const run = loadBundle<Answer>(file, { user });
      assert.deepEqual([run.source, run.exports.answer(), run.saveCache()], ["none", "plain!", undefined]);
      if (user !== undefined && existsSync(user) && statSync(user).isDirectory()) assert.deepEqual(readdirSync(user), []);
    });
  });
}

test("code cache: a cache in a directory others may write to is not read", () => {
  withDir((dir) => {
    const file = writeBundle(dir, "trusted");
    const user = join(dir, "user");
    assert.ok(loadBundle<Answer>(file, { user }).saveCache() !== undefined);
    chmodSync(user, 0o777);
    assert.equal(loadBundle<Answer>(file, { user }).source, "none");
  });
});

test("code cache: the per-user directory is under TMPDIR, per user, and off with NODE_DISABLE_COMPILE_CACHE", () => {
  assert.equal(userCacheDir({}, "/t"), join("/t", `kmutate-code-cache-${process.getuid?.() ?? "user"}`));
  assert.equal(userCacheDir({ NODE_DISABLE_COMPILE_CACHE: "1" }, "/t"), undefined);
  assert.equal(userCacheDir({ NODE_DISABLE_COMPILE_CACHE: "" }, "/t"), join("/t", `kmutate-code-cache-${process.getuid?.() ?? "user"}`));
});

test("code cache: the file name carries the Node version, the architecture and the source's CRC-32", () => {
  const name = cacheFileName("/x/kmutate-fn.cjs", Buffer.from("abc"));
  assert.equal(name, `kmutate-fn.cjs.${process.version}-${process.arch}-352441c2.v8-cache`);
});
