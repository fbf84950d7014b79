// failurePolicy per error source (VAP reference §9), row by row: each row runs once under Fail and
// once under Ignore, and states the exact results of both. Configuration and auditAnnotation errors
// deny whatever the binding's actions; evaluation errors follow the actions.
import { test } from "node:test";
import assert from "node:assert/strict";
import { defaultLimits } from "../../../src/admission/types.js";
import type { JsonObject } from "../../../src/data/index.js";
import { cm, lines, vap, vapBinding } from "./fixtures.js";

type FP = "Fail" | "Ignore";
interface Row {
  name: string;
  items: (fp: FP) => JsonObject[];
  limits?: Partial<typeof defaultLimits>;
  fail: string[];
  ignore: string[];
}

const P = "ValidatingAdmissionPolicy 'p'";
const PB = `${P} with binding 'b'`;
const budget = "validation failed due to running out of cost budget, no further validation rules will be run";
const cmParam = { apiVersion: "v1", kind: "ConfigMap" };

const rows: Row[] = [
  {
    name: "unresolvable paramKind: a policy configuration error, denying even under [Warn]",
    items: (fp) => [vap("p", { failurePolicy: fp, paramKind: { apiVersion: "example.com/v1", kind: "Nope" } }), vapBinding("b", "p", ["Warn"]), cm("c")],
    fail: [`error c: ${P} denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Nope'`],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${P} denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Nope'`],
  },
  {
    name: "no param found with parameterNotFoundAction Deny: a binding configuration error, denying even under [Audit]",
    items: (fp) => [vap("p", { failurePolicy: fp, paramKind: cmParam }), vapBinding("b", "p", ["Audit"], { paramRef: { name: "x", parameterNotFoundAction: "Deny" } }), cm("c")],
    fail: [`error c: ${PB} denied request: failed to configure binding: no params found for policy binding with \`Deny\` parameterNotFoundAction (looked for v1 ConfigMap "x" in namespace "default")`],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: failed to configure binding: no params found for policy binding with \`Deny\` parameterNotFoundAction (looked for v1 ConfigMap "x" in namespace "default")`],
  },
  {
    name: "a namespaced paramRef on a cluster-scoped request: a binding configuration error",
    items: (fp) => [
      vap("p", { failurePolicy: fp, paramKind: cmParam, matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["*"], resources: ["persistentvolumes"] }] } }),
      vapBinding("b", "p", ["Deny"], { paramRef: { name: "x", parameterNotFoundAction: "Allow" } }),
      { apiVersion: "v1", kind: "PersistentVolume", metadata: { name: "pv" } },
    ],
    fail: [`error pv: ${PB} denied request: failed to configure binding: cannot use namespaced paramRef in policy binding that matches cluster-scoped resources`],
    ignore: [`warning pv: ignored by failurePolicy Ignore: ${PB} denied request: failed to configure binding: cannot use namespaced paramRef in policy binding that matches cluster-scoped resources`],
  },
  {
    name: "paramRef.namespace with a cluster-scoped paramKind: a binding configuration error",
    items: (fp) => [
      vap("p", { failurePolicy: fp, paramKind: { apiVersion: "v1", kind: "Namespace" } }),
      vapBinding("b", "p", ["Warn"], { paramRef: { name: "x", namespace: "default", parameterNotFoundAction: "Allow" } }),
      cm("c"),
    ],
    fail: [`error c: ${PB} denied request: failed to configure binding: paramRef.namespace must not be provided for a cluster-scoped \`paramKind\``],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: failed to configure binding: paramRef.namespace must not be provided for a cluster-scoped \`paramKind\``],
  },
  {
    name: "a matchCondition error follows the actions under Fail ([Warn]: a warning), skips the policy under Ignore",
    items: (fp) => [vap("p", { failurePolicy: fp, matchConditions: [{ name: "m", expression: "object.data.missing == 'x'" }], validations: [{ expression: "false" }] }), vapBinding("b", "p", ["Warn"]), cm("c")],
    fail: [`warning c: Validation failed for ${PB}: expression 'object.data.missing == 'x'' resulted in error: no such key: missing`],
    ignore: [],
  },
  {
    name: "a validation compile error follows the actions under Fail, is admitted under Ignore",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: [{ expression: "object.data.k" }] }), vapBinding("b", "p", ["Deny"]), cm("c")],
    fail: [`error c: ${PB} denied request: compilation error: must evaluate to bool but got dyn`],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: compilation error: must evaluate to bool but got dyn`],
  },
  {
    name: "a validation runtime error follows the actions under Fail, is admitted under Ignore",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: [{ expression: "object.data.missing == 'x'" }] }), vapBinding("b", "p", ["Warn"]), cm("c")],
    fail: [`warning c: Validation failed for ${PB}: expression 'object.data.missing == 'x'' resulted in error: no such key: missing`],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: expression 'object.data.missing == 'x'' resulted in error: no such key: missing`],
  },
  {
    name: "the validations out of budget: one decision for the whole (binding, param)",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: [{ expression: "false", message: "one" }, { expression: "[1, 2, 3].all(x, x > 0)" }, { expression: "false", message: "three" }] }), vapBinding("b", "p", ["Deny"]), cm("c")],
    limits: { costPerValidation: 5 },
    fail: [`error c: ${PB} denied request: ${budget}`],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: ${budget}`],
  },
  {
    name: "a failing messageExpression falls back to message under both policies (not an error)",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: [{ expression: "false", messageExpression: "object.data.missing", message: "fallback" }] }), vapBinding("b", "p", ["Deny"]), cm("c")],
    fail: [`error c: ${PB} denied request: fallback`],
    ignore: [`error c: ${PB} denied request: fallback`],
  },
  {
    name: "the messageExpressions out of budget fail every validation, the passing one too",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: [{ expression: "true" }, { expression: "false", message: "m", messageExpression: "[1, 2, 3].map(x, string(x)).join(',')" }] }), vapBinding("b", "p", ["Deny"]), cm("c")],
    limits: { costPerValidation: 5 },
    fail: [`error c: ${PB} denied request: failed messageExpression: ${budget}`],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: failed messageExpression: ${budget}`],
  },
  {
    name: "an auditAnnotation runtime error denies even under [Audit] (Fail), is omitted under Ignore",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: undefined, auditAnnotations: [{ key: "a", valueExpression: "object.data.missing + ''" }, { key: "b", valueExpression: "'ok'" }] }), vapBinding("b", "p", ["Audit"]), cm("c")],
    fail: [`error c: ${PB} denied request: expression 'object.data.missing + ''' resulted in error: no such key: missing`, "info c: p/b: ok"],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: expression 'object.data.missing + ''' resulted in error: no such key: missing`, "info c: p/b: ok"],
  },
  {
    name: "an auditAnnotation compile error (not string or null) denies under Fail",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: undefined, auditAnnotations: [{ key: "a", valueExpression: "object.metadata.name" }] }), vapBinding("b", "p", ["Warn"]), cm("c")],
    fail: [`error c: ${PB} denied request: compilation error: must evaluate to one of [string null_type] but got dyn`],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: compilation error: must evaluate to one of [string null_type] but got dyn`],
  },
  {
    name: "the auditAnnotations out of budget replace the validations' decisions with one",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: [{ expression: "false", message: "lost" }], auditAnnotations: [{ key: "a", valueExpression: "[1, 2, 3].map(x, string(x)).join(',')" }] }), vapBinding("b", "p", ["Warn"]), cm("c")],
    limits: { costPerValidation: 5 },
    fail: [`warning c: Validation failed for ${PB}: ${budget}`],
    ignore: [`warning c: ignored by failurePolicy Ignore: ${PB} denied request: ${budget}`],
  },
  {
    name: "a validation that evaluates to false is governed by the actions only, never by failurePolicy",
    items: (fp) => [vap("p", { failurePolicy: fp, validations: [{ expression: "false", message: "no" }] }), vapBinding("b", "p", ["Deny"]), cm("c")],
    fail: [`error c: ${PB} denied request: no`],
    ignore: [`error c: ${PB} denied request: no`],
  },
];

for (const row of rows) {
  for (const fp of ["Fail", "Ignore"] as const) {
    test(`failurePolicy ${fp}: ${row.name}`, () => {
      const limits = row.limits ? { ...defaultLimits, ...row.limits } : undefined;
      assert.deepEqual(lines(row.items(fp), limits ? { limits } : {}), fp === "Fail" ? row.fail : row.ignore);
    });
  }
}
