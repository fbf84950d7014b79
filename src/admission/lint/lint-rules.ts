// Policy lint of rules and wiring: resources a rule names that its API group does not serve
// (`deployment`, `pod`, configmaps under `apps`), bindings whose matchResources cannot overlap their
// policy's matchConstraints, and paramRefs naming an object that is not in the input.
import { closest, isObject, type JsonObject } from "../../data/index.js";
import type { ResourceInfo, SchemaRegistry } from "../../schema/index.js";
import type { BindingModel, MatchResourcesModel, PolicyModel, RuleModel } from "../policy/index.js";

/** A rules-and-wiring finding: the field it is about and what to say. */
export interface WiringFinding {
  code: "unknown-resource" | "no-overlap" | "param-not-found";
  field: string;
  message: string;
}

/** What a resource name could have meant in its group: the plural of a kind, or a close name. */
function suggestion(resource: string, inGroup: readonly ResourceInfo[]): string | undefined {
  const byKind = inGroup.find((i) => i.kind.toLowerCase() === resource.toLowerCase());
  return byKind?.resource ?? closest(resource, [...new Set(inGroup.map((i) => i.resource))]);
}

/**
 * Findings for the resources of `rules` (at `path`, e.g. `spec.matchConstraints.resourceRules`):
 * a resource none of its rule's API groups serves. Groups no known kind belongs to may be CRDs
 * outside the input, so a rule naming one is never reported.
 */
export function unknownResources(rules: readonly RuleModel[], path: string, registry: SchemaRegistry): WiringFinding[] {
  const out: WiringFinding[] = [];
  const all = registry.allKinds();
  const groupText = (g: string): string => (g === "" ? 'the core group ""' : `group "${g}"`);
  rules.forEach((rule, i) => {
    if (rule.apiGroups.includes("*")) return;
    const groups = rule.apiGroups.map((g) => ({ group: g, kinds: all.filter((k) => k.group === g) }));
    if (groups.some((g) => g.kinds.length === 0)) return;
    rule.resources.forEach((res, j) => {
      const resource = res.split("/")[0]!;
      if (resource.includes("*") || groups.some((g) => g.kinds.some((k) => k.resource === resource))) return;
      const elsewhere = [...new Set(all.filter((k) => k.resource === resource).map((k) => k.group))];
      const meant = suggestion(resource, groups.flatMap((g) => g.kinds));
      const hint = elsewhere.length > 0 ? ` (${resource} is served by ${elsewhere.map(groupText).join(" and ")})` : meant ? ` (did you mean "${meant}"?)` : "";
      out.push({
        code: "unknown-resource",
        field: `${path}[${i}].resources[${j}]`,
        message: `${groups.map((g) => groupText(g.group)).join(" and ")} ${groups.length > 1 ? "serve" : "serves"} no resource "${resource}"${hint}: this rule never matches it`,
      });
    });
  });
  return out;
}

function intersects(a: readonly string[], b: readonly string[]): boolean {
  return a.includes("*") || b.includes("*") || a.some((x) => b.includes(x));
}

function resourceMatches(a: string, b: string): boolean {
  const [am, as = ""] = a.split("/"), [bm, bs = ""] = b.split("/");
  return (am === "*" || bm === "*" || am === bm) && (as === "*" || bs === "*" || as === bs);
}

function rulesOverlap(a: RuleModel, b: RuleModel): boolean {
  return intersects(a.apiGroups, b.apiGroups) && intersects(a.apiVersions, b.apiVersions) && intersects(a.operations, b.operations)
    && a.resources.some((x) => b.resources.some((y) => resourceMatches(x, y)))
    && (a.scope === "*" || b.scope === "*" || a.scope === b.scope);
}

/** A binding whose resourceRules share no request with its policy's: it never applies. */
export function bindingOverlap(binding: BindingModel, policyRules: MatchResourcesModel): WiringFinding[] {
  const rules = binding.matchResources?.resourceRules ?? [];
  if (rules.length === 0 || rules.some((r) => policyRules.resourceRules.some((p) => rulesOverlap(r, p)))) return [];
  return [{
    code: "no-overlap",
    field: "spec.matchResources.resourceRules",
    message: `no request matches both these resourceRules and the matchConstraints of policy "${binding.policyName}": this binding never applies`,
  }];
}

/** The objects among `items` (List members included). */
function objects(items: readonly JsonObject[]): JsonObject[] {
  return items.flatMap((it) => (typeof it.kind === "string" && it.kind.endsWith("List") && Array.isArray(it.items) ? it.items.filter(isObject) : [it]));
}

/** A paramRef naming (by name) a param of the policy's paramKind that the input does not hold. */
export function missingParam(binding: BindingModel, policy: Pick<PolicyModel, "paramKind">, items: readonly JsonObject[]): WiringFinding[] {
  const ref = binding.paramRef, kind = policy.paramKind;
  if (!ref || !kind || ref.name === "") return [];
  const found = objects(items).some((o) => {
    const meta = isObject(o.metadata) ? o.metadata : {};
    return o.apiVersion === kind.apiVersion && o.kind === kind.kind && meta.name === ref.name && (ref.namespace === "" || meta.namespace === ref.namespace);
  });
  if (found) return [];
  const where = ref.namespace === "" ? "" : ` in namespace "${ref.namespace}"`;
  const action = ref.parameterNotFoundAction === "Deny" ? "every object the binding matches is refused" : "the binding does nothing";
  return [{
    code: "param-not-found",
    field: "spec.paramRef.name",
    message: `paramRef names ${kind.kind} "${ref.name}"${where}, which is not in the input: ${action} (parameterNotFoundAction: ${ref.parameterNotFoundAction ?? "Allow"})`,
  }];
}
