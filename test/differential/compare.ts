// Compares kmutate's outcome for one generated case with the oracle's facts: every output item
// (after the allowed normalisations), the error texts per item, and the warnings per item.
import { runNoticeCodes } from "../../src/admission/index.js";
import { isObject, JsonFloat, type JsonObject, type JsonValue } from "../../src/data/index.js";
import type { KrmResult, MutateOutput } from "../../src/index.js";
import type { DiffCase } from "../../scripts/differential/gen/cases.js";
import { applyDiff, causesOf, diffValue, jsonEqual, type CaseFacts, type FactError } from "../../scripts/differential/facts-format.js";
import { allowed, type AllowanceTally } from "./allowances.js";
import type { TypedRoundTrip } from "./typed-round-trip.js";

/** One way kmutate's outcome differs from the oracle's. */
export interface Divergence {
  caseId: string;
  shape: string;
  /** What differs: an output item, the errors of an item, its warnings, or results about no item. */
  aspect: "item" | "errors" | "warnings" | "unattached";
  /** Index of the item concerned (-1 for unattached results). */
  item: number;
  /** Compact description, one or a few lines. */
  detail: string;
}

/** What the comparison needs besides the case. */
export interface CompareContext {
  typed: TypedRoundTrip;
  tally: AllowanceTally;
  /** From the facts header: whether the oracle reports VAP Warn warnings. */
  vapWarningsRecorded: boolean;
}

/** kmutate's values as plain JSON numbers (JsonFloat → its number, bigint → number). */
export function plain(v: JsonValue): JsonValue {
  if (v instanceof JsonFloat) return v.value;
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

/**
 * The apiserver's StatusError wrapper of an admission denial (`<resource> "<name>" is forbidden: `);
 * kmutate results name the object in `resourceRef` instead. Removed from both sides.
 */
const statusWrapper = /^[a-z0-9.-]+ "[^"]*" is forbidden: /;

/**
 * The messages kmutate must report as error results for one oracle error: the causes of an
 * aggregate of policy errors (its message is then its first cause), else the message itself
 * (an InternalError's message has the "Internal error occurred: " prefix its cause lacks).
 */
export function expectedMessages(e: FactError): string[] {
  const causes = causesOf(e);
  const list = causes.length > 0 && causes[0] === e.message ? causes : [e.message];
  return list.map((m) => m.replace(statusWrapper, ""));
}

/** kmutate warnings that have no apiserver counterpart (allowance offline-warnings). */
const offlineWarning = [
  /^Namespace ".*" is not in the input: assumed it exists/,
  /^kind .* is not a built-in kind nor defined by a CustomResourceDefinition in the input/,
  /^no schema for /,
];
/** A kmutate run notice (allowance run-notices): a warning whose `tags.code` is one of `runNoticeCodes`. */
function isRunNotice(r: KrmResult): boolean {
  return r.severity === "warning" && (runNoticeCodes as readonly string[]).includes(r.tags?.code ?? "");
}

/** kmutate's hint after the apiserver's `Deny` paramRef text (allowance deny-params-hint). */
const denyParamsHint = /(parameterNotFoundAction) \(looked for .*\)$/;

const vapWarning = "Validation failed for ValidatingAdmissionPolicy '";
const ignoredPrefix = "ignored by failurePolicy Ignore: ";

function refMatches(ref: { apiVersion: string; kind: string; name: string; namespace?: string } | undefined, o: JsonObject): boolean {
  if (!ref) return false;
  const md = (o.metadata ?? {}) as JsonObject;
  return ref.apiVersion === o.apiVersion && ref.kind === o.kind && ref.name === (md.name ?? "") && (ref.namespace ?? "") === (md.namespace ?? "");
}

function withoutNameLabel(o: JsonObject, input: JsonObject, tally: AllowanceTally): JsonObject {
  if (o.apiVersion !== "v1" || o.kind !== "Namespace" || !allowed("namespace-name-label")) return o;
  const inLabels = ((input.metadata as JsonObject | undefined)?.labels ?? {}) as JsonObject;
  const md = o.metadata as JsonObject | undefined;
  const labels = md?.labels as JsonObject | undefined;
  if (!md || !labels || !Object.hasOwn(labels, "kubernetes.io/metadata.name") || Object.hasOwn(inLabels, "kubernetes.io/metadata.name")) return o;
  const copy = structuredClone(o);
  const cl = (copy.metadata as JsonObject).labels as JsonObject;
  delete cl["kubernetes.io/metadata.name"];
  if (Object.keys(cl).length === 0) delete (copy.metadata as JsonObject).labels;
  tally.hit("namespace-name-label");
  return copy;
}

/** `o` with the allowed normalisations applied; `typedChanged` when the typed round trip changed it. */
function normalise(o: JsonObject, input: JsonObject, cx: CompareContext): { value: JsonObject; typedChanged: boolean } {
  const labelled = withoutNameLabel(o, input, cx.tally);
  if (!allowed("typed-round-trip") || !cx.typed.isTyped(labelled)) return { value: labelled, typedChanged: false };
  const value = cx.typed.apply(labelled);
  return { value, typedChanged: !jsonEqual(value, labelled) };
}

function pathText(p: (string | number)[]): string {
  return p.length === 0 ? "(whole object)" : p.map((x) => (typeof x === "number" ? `[${x}]` : `.${x}`)).join("");
}

/** A few lines saying how kmutate's item differs from the oracle's. */
function itemDetail(oracle: JsonObject, kmutate: JsonObject): string {
  const d = diffValue(oracle, kmutate);
  const lines: string[] = [];
  const at = (v: JsonValue, p: (string | number)[]): JsonValue | undefined => {
    let cur: JsonValue | undefined = v;
    for (const k of p) cur = cur === undefined || cur === null || typeof cur !== "object" ? undefined : (cur as Record<string | number, JsonValue>)[k];
    return cur;
  };
  for (const [p, v] of d.s ?? []) lines.push(`${pathText(p)}: oracle ${JSON.stringify(at(oracle, p)) ?? "(absent)"}, kmutate ${JSON.stringify(v)}`);
  for (const p of d.d ?? []) lines.push(`${pathText(p)}: oracle ${JSON.stringify(at(oracle, p))}, kmutate (absent)`);
  return lines.slice(0, 6).map((l) => (l.length > 400 ? l.slice(0, 400) + "…" : l)).join("\n");
}

function listDetail(what: string, oracle: string[], kmutate: string[]): string {
  const cut = (s: string): string => (s.length > 600 ? s.slice(0, 600) + "…" : s);
  return `${what}\n  oracle:  ${JSON.stringify(oracle.map(cut))}\n  kmutate: ${JSON.stringify(kmutate.map(cut))}`;
}

/** Every divergence of kmutate's output `out` for case `c` from the oracle's `facts`. */
export function compareCase(c: DiffCase, facts: CaseFacts, out: Pick<MutateOutput, "items" | "results">, cx: CompareContext): Divergence[] {
  const divs: Divergence[] = [];
  const add = (aspect: Divergence["aspect"], item: number, detail: string): void => {
    divs.push({ caseId: c.id, shape: c.shape, aspect, item, detail });
  };
  c.items.forEach((input, i) => {
    const f = facts.items[i];
    const oracleItem = f === 0 ? input : (applyDiff(input, f) as JsonObject);
    const kmutateItem = plain(out.items[i]) as JsonObject;
    const na = normalise(oracleItem, input, cx);
    const nb = normalise(kmutateItem, input, cx);
    const [a, b] = [na.value, nb.value];
    if (na.typedChanged || nb.typedChanged) cx.tally.hit("typed-round-trip");
    const vapDenied = facts.errors.some((e) => e.i === i && e.phase === "validating");
    if (vapDenied && allowed("vap-denied-item")) cx.tally.hit("vap-denied-item");
    else if (!jsonEqual(a, b)) add("item", i, `item ${i} (${String(input.kind)} ${String((input.metadata as JsonObject).name)}):\n${itemDetail(a, b)}`);
    const wantErrors = facts.errors.filter((e) => e.i === i).flatMap(expectedMessages);
    const mine = out.results.filter((r) => refMatches(r.resourceRef, input));
    const gotErrors = mine.filter((r) => r.severity === "error").map((r) => {
      const m = r.message.replace(statusWrapper, "");
      if (!denyParamsHint.test(m) || !allowed("deny-params-hint")) return m;
      cx.tally.hit("deny-params-hint");
      return m.replace(denyParamsHint, "$1");
    });
    const extra = gotErrors.slice(wantErrors.length);
    if (vapDenied && allowed("vap-later-denials") && extra.length > 0 && jsonEqual(wantErrors, gotErrors.slice(0, wantErrors.length)) && extra.every((m) => m.startsWith("ValidatingAdmissionPolicy '"))) {
      cx.tally.hit("vap-later-denials", extra.length);
    } else if (!jsonEqual(wantErrors, gotErrors)) add("errors", i, listDetail(`errors of item ${i} (${String(input.kind)} ${String((input.metadata as JsonObject).name)})`, wantErrors, gotErrors));
    const wantWarnings = facts.warnings.filter((w) => w.i === i).map((w) => w.message);
    const gotWarnings = mine.filter((r) => r.severity === "warning").filter((r) => {
      if (isRunNotice(r) && allowed("run-notices")) { cx.tally.hit("run-notices"); return false; }
      return true;
    }).map((r) => r.message).filter((m) => {
      if (m.startsWith(ignoredPrefix) && allowed("ignored-error-warnings")) { cx.tally.hit("ignored-error-warnings"); return false; }
      if (offlineWarning.some((re) => re.test(m)) && allowed("offline-warnings")) { cx.tally.hit("offline-warnings"); return false; }
      if (m.includes(vapWarning) && !cx.vapWarningsRecorded && allowed("oracle-vap-warnings-unrecorded")) { cx.tally.hit("oracle-vap-warnings-unrecorded"); return false; }
      return true;
    });
    if (!jsonEqual(wantWarnings, gotWarnings)) add("warnings", i, listDetail(`warnings of item ${i}`, wantWarnings, gotWarnings));
  });
  const unattached = out.results.filter((r) => r.severity !== "info" && !c.items.some((it) => refMatches(r.resourceRef, it)));
  const unexplained = unattached.filter((r) => {
    if (isRunNotice(r) && allowed("run-notices")) { cx.tally.hit("run-notices"); return false; }
    return !(r.severity === "warning" && offlineWarning.some((re) => re.test(r.message.replace(/^[^:]*: /, ""))));
  });
  if (unexplained.length > 0) add("unattached", -1, listDetail("results about no item", [], unexplained.map((r) => `${r.severity}: ${r.message}`)));
  return divs;
}
