// Policy lint: the kinds a policy's matchConstraints name, with their schemas, so trap checks can
// look fields up. Wildcards and unknown kinds make the answer partial (`unknown`).
import type { SchemaRegistry } from "../../schema/index.js";
import type { MatchedSchemas } from "./lint-reads.js";
import type { PolicyBase } from "../policy/index.js";

/** Versions tried for `apiVersions: ["*"]`, in order. */
const commonVersions = ["v1", "v2", "v1beta1", "v1beta2", "v1alpha1"];

/** Schemas of the concrete kinds the policy's resourceRules match. */
export function matchedSchemas(policy: PolicyBase, registry: SchemaRegistry): MatchedSchemas {
  const out: MatchedSchemas = { schemas: [], unknown: false };
  const seen = new Set<string>();
  for (const rule of policy.matchConstraints.resourceRules) {
    for (const group of rule.apiGroups) {
      for (const res of rule.resources) {
        const resource = res.split("/")[0];
        if (group === "*" || resource === "*") {
          out.unknown = true;
          continue;
        }
        const versions = rule.apiVersions.includes("*") ? commonVersions : rule.apiVersions;
        let any = false;
        for (const version of versions) {
          const info = registry.kindForResource(group, version, resource);
          if (!info) continue;
          any = true;
          const key = `${group}/${version}/${resource}`;
          if (seen.has(key)) continue;
          seen.add(key);
          if (info.schema) out.schemas.push(info.schema);
          else out.unknown = true;
        }
        if (!any) out.unknown = true;
      }
    }
  }
  return out;
}
