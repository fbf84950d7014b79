// Policy lint: the kinds a policy's matchConstraints name, with their schemas, so trap checks can
// look fields up. Wildcards, subresources and unknown kinds make the answer partial (`unknown`).
import type { ResourceInfo, SchemaRegistry } from "../../schema/index.js";
import type { MatchedSchemas } from "./lint-reads.js";
import type { PolicyBase } from "../policy/index.js";

/** Versions tried for `apiVersions: ["*"]`, in order. */
const commonVersions = ["v1", "v2", "v1beta1", "v1beta2", "v1alpha1"];

/** The concrete kinds a policy's resourceRules match. */
export interface MatchedKinds {
  /** Every matched kind with a known schema (once per group/version/resource). */
  kinds: ResourceInfo[];
  /** True when some matched kind has no known schema (wildcards, subresources, unknown kinds). */
  unknown: boolean;
}

/**
 * The kinds the policy's resourceRules match. A subresource (`deployments/scale`) counts as
 * unknown, or with `parentOfSubresource` as its parent resource's kind.
 */
export function matchedKinds(policy: Pick<PolicyBase, "matchConstraints">, registry: SchemaRegistry, parentOfSubresource = false): MatchedKinds {
  const out: MatchedKinds = { kinds: [], unknown: false };
  const seen = new Set<string>();
  for (const rule of policy.matchConstraints.resourceRules) {
    for (const group of rule.apiGroups) {
      for (const res of rule.resources) {
        const resource = parentOfSubresource ? res.split("/")[0] : res;
        if (group === "*" || resource === "*" || resource.includes("/")) {
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
          if (info.schema) out.kinds.push(info);
          else out.unknown = true;
        }
        // A group kmutate knows serves no such resource: the rule matches nothing (lint-rules says so).
        if (!any && !registry.allKinds().some((k) => k.group === group)) out.unknown = true;
      }
    }
  }
  return out;
}

/** Schemas of the concrete kinds the policy's resourceRules match. */
export function matchedSchemas(policy: PolicyBase, registry: SchemaRegistry): MatchedSchemas {
  const { kinds, unknown } = matchedKinds(policy, registry, true);
  return { schemas: kinds.flatMap((k) => (k.schema ? [k.schema] : [])), unknown };
}
