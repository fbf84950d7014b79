// Namespace handling: namespaceObject resolution (null for cluster-scoped objects and for
// Namespaces themselves, NotFound text for a missing one) and the Namespace lookup over items.
import { test } from "node:test";
import assert from "node:assert/strict";
import { namespaceLookup, resolveNamespaceObject, type NamespaceObjectResult } from "../../src/admission/match/namespaces.js";
import type { RequestAttrs } from "../../src/admission/match/match-types.js";
import { attrs, coreAttrs, lookupOf, namespace, obj } from "./fixtures.js";

const teamA = namespace("team-a", { team: "a" });
const lookup = lookupOf(teamA);

const cases: { name: string; req: RequestAttrs; expected: NamespaceObjectResult }[] = [
  { name: "namespaced object gets its Namespace from the list", req: attrs({ namespace: "team-a" }), expected: { namespaceObject: teamA } },
  { name: "namespaced object whose Namespace is missing reports it", req: attrs({ namespace: "team-b" }), expected: { missing: "team-b", error: 'namespaces "team-b" not found' } },
  { name: "cluster-scoped object gets null", req: attrs({ namespace: "", resource: "clusterroles" }), expected: { namespaceObject: null } },
  { name: "a Namespace object gets null even when its namespace attribute is its own name", req: coreAttrs("Namespace", "namespaces", "team-a", "team-a"), expected: { namespaceObject: null } },
  { name: "a Namespace object on CREATE gets null", req: coreAttrs("Namespace", "namespaces", "team-x", ""), expected: { namespaceObject: null } },
];

for (const c of cases) {
  test(`namespaceObject: ${c.name}`, () => {
    assert.deepEqual(resolveNamespaceObject(c.req, lookup), c.expected);
  });
}

test("namespaceLookup: finds v1 Namespaces by name, ignores other kinds, first one wins", () => {
  const first = namespace("a", { n: "1" });
  const second = namespace("a", { n: "2" });
  const look = namespaceLookup([obj("v1", "ConfigMap", "b", "a"), first, second, obj("v2", "Namespace", "c")]);
  assert.equal(look("a"), first);
  assert.equal(look("b"), undefined);
  assert.equal(look("c"), undefined);
});
