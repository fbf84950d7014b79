// Builders for the policy-test runner's tests: in-memory files, and a policy that labels
// ConfigMaps from their `data.team` (denying those without data, as its expression fails).
import type { FileRead, TestFiles } from "../../src/authoring/index.js";

/** TestFiles over a map of path → text; folders are the paths below a prefix. */
export function memoryFiles(files: Record<string, string>): TestFiles {
  const has = (p: string): boolean => Object.prototype.hasOwnProperty.call(files, p);
  return {
    read: (path): FileRead => (has(path) ? { ok: true, text: files[path] } : { ok: false, message: "cannot read: ENOENT" }),
    manifests: (path) => {
      if (has(path)) return { ok: true, paths: [path] };
      const below = Object.keys(files).filter((p) => p.startsWith(path + "/") && /\.(ya?ml|json)$/.test(p)).sort();
      return below.length > 0 ? { ok: true, paths: below } : { ok: false, message: "cannot read: ENOENT" };
    },
  };
}

/** A policy and binding (`team-label`) setting label `team` from `object.data.team`, CREATE and UPDATE of ConfigMaps. */
export const teamLabelPolicy = `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: team-label}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [""], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [configmaps]}
  failurePolicy: Fail
  reinvocationPolicy: Never
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration:
      expression: 'Object{metadata: Object.metadata{labels: {"team": object.data.team}}}'
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: team-label}
spec: {policyName: team-label}
`;

/** A test file with `cases` (YAML list items, indented by 2) against policy.yaml and `extra` spec lines. */
export function testFile(cases: string, extra = ""): string {
  return `apiVersion: test.kmutate.dev/v1alpha1
kind: PolicyTest
metadata: {name: team}
spec:
  policies: [policy.yaml]
${extra}  cases:
${cases}`;
}

/** A ConfigMap `name` in namespace default with `data.team: shop` (no data when `team` is null). */
export function configMap(name: string, team: string | null = "shop"): string {
  return `{apiVersion: v1, kind: ConfigMap, metadata: {name: ${name}, namespace: default}${team === null ? "" : `, data: {team: ${team}}`}}`;
}
