// What the invocations on one item share, per kind they matched as (reference §2.10, §2.6): the
// CEL values of `request` (kind and resource are the matched ones), `namespaceObject` and the
// authorizer, and how patches are applied to the object in that kind (its schema).
import type { JsonObject } from "../../data/index.js";
import { buildRequest, itemResult, itemValues, type Invocation, type ItemIdentity, type ItemValues } from "../dispatch/index.js";
import type { Gvk, Gvr } from "../match/index.js";
import type { KrmResult } from "../types.js";
import type { ItemPatching } from "./apply-mutation.js";
import type { AdmissionRun } from "./admit-item.js";
import { apiVersionOf } from "./kind-conversion.js";

/** The request an item is admitted as. */
export interface ItemRequest {
  id: ItemIdentity;
  name: string;
  namespace: string;
  /** `namespaceObject` (null for cluster-scoped objects and Namespaces), looked up on first use. */
  namespaceObject: () => JsonObject | null;
}

/** A matched kind's patching, or the status error every mutation in that kind fails with. */
export type KindPatching = { patching: ItemPatching } | { error: string };

/** Per-kind values of one item, built on first use. */
export interface ItemContext {
  /** The CEL values of an invocation: in matchConditions `request.resource` stays the request's own. */
  valuesFor(inv: Invocation<unknown>, inConditions: boolean): ItemValues;
  /** How mutations patch the object in `kind`. */
  patchingFor(kind: Gvk): KindPatching;
}

const kindKey = (k: Gvk): string => `${k.group}/${k.version}/${k.kind}`;
const sameKind = (a: Gvk, b: Gvk): boolean => a.kind === b.kind && a.version === b.version && a.group === b.group;
const sameResource = (a: Gvr, b: Gvr): boolean => a.resource === b.resource && a.version === b.version && a.group === b.group;
const resourceKey = (r: Gvr): string => `${r.group}/${r.version}/${r.resource}`;

/** The context of admitting `item` as `req`; warnings (a kind without schema) go to `results`. */
export function itemContext(item: JsonObject, req: ItemRequest, run: AdmissionRun, results: KrmResult[]): ItemContext {
  const { id } = req;
  const { options } = run;
  const requestKind: Gvk = { group: id.group, version: id.version, kind: id.kind };
  const requestResource: Gvr = { group: id.group, version: id.version, resource: id.resource };
  const values = new Map<string, ItemValues>();
  const patchings = new Map<string, KindPatching>();
  const user = { username: options.userInfo.username ?? "", groups: options.userInfo.groups ?? [] };
  const build = (kind: Gvk, resource: Gvr): ItemValues => itemValues({
    request: buildRequest({
      kind, resource, requestKind, requestResource, subResource: "", name: req.name, namespace: req.namespace,
      operation: options.operation, userInfo: options.userInfo, dryRun: options.dryRun,
    }),
    namespaceObject: req.namespaceObject(), authorizer: run.authorizer, user,
    resource: { group: id.group, resource: id.resource, subresource: "", namespace: req.namespace, name: req.name },
  });
  let own: ItemValues | undefined; // the request's own kind and resource: nearly every invocation
  return {
    valuesFor(inv, inConditions) {
      const resource = inConditions ? requestResource : inv.resource;
      if (sameKind(inv.kind, requestKind) && sameResource(resource, requestResource)) return (own ??= build(requestKind, requestResource));
      const key = `${kindKey(inv.kind)}\u0000${resourceKey(resource)}`;
      let v = values.get(key);
      if (!v) values.set(key, (v = build(inv.kind, resource)));
      return v;
    },
    patchingFor(kind) {
      const key = sameKind(kind, requestKind) ? "" : kindKey(kind);
      let p = patchings.get(key);
      if (!p) {
        let schema = id.schema;
        let typed = id.typed;
        if (key !== "") {
          const info = run.registry.resolveKind(apiVersionOf(kind), kind.kind);
          schema = info?.schema;
          typed = info?.source === "builtin";
        }
        p = schema ? { patching: { schema, typed, validity: {} } } : schemaProblem(kind, run, results, item, typed);
        patchings.set(key, p);
      }
      return p;
    },
  };
}

/**
 * Upstream a kind without a schema fails every mutation with 503 (reference §2.6); kmutate merges
 * apply configurations with the deduced type instead and warns — unless `strict`.
 */
function schemaProblem(kind: Gvk, run: AdmissionRun, results: KrmResult[], item: JsonObject, typed: boolean): KindPatching {
  const gvk = `${kind.group}/${kind.version}, Kind=${kind.kind}`;
  if (run.options.strict) {
    return { error: `Resource kind ${gvk} not found. There can be a delay between when CustomResourceDefinitions are created and when they are available.` };
  }
  results.push(itemResult(item, "warning",
    `no schema for ${gvk}: apply configurations merge it as untyped (maps merge, scalars replace, lists are refused); add its CustomResourceDefinition or an OpenAPI document to the input`));
  return { patching: { schema: undefined, typed, validity: {} } };
}
