// Named library sets: exactly the Kubernetes 1.36 set (reference §4.2), optionally with the
// mutation-only types (`Object…`, `JSONPatch`) and `jsonpatch.escapeKey`; and the conformance set
// that also turns on libraries Kubernetes leaves off (math, encoders, cel.bind, strings reverse).
import type { CelEnvOptions, CelLibrary, ObjectTypeDecl } from "../types.js";
import { stdLibrary } from "./std.js";
import { optionalLibrary } from "./optional.js";
import { stringsLibrary, stringsReverseLibrary } from "./ext-strings.js";
import { listsLibrary, setsLibrary, comprehensionsLibrary } from "./ext-lists.js";
import { mathLibrary, encodersLibrary, bindingsLibrary } from "./ext-math.js";
import { k8sListsLibrary, k8sRegexLibrary, jsonPatchLibrary } from "./k8s-lists.js";
import { k8sAuthzLibrary } from "./k8s-authz.js";
import { k8sLibraries } from "./k8s/index.js";

/** Options of {@link kubernetesLibraries}. */
export interface KubernetesLibraryOptions {
  /** Mutation expressions: adds `Object`/`JSONPatch` types and `jsonpatch.escapeKey`. Default: false. */
  mutation?: boolean;
  /** Further libraries after the Kubernetes set (which already includes quantity, IP, CIDR, URL, semver, format). Default: none. */
  extra?: readonly CelLibrary[];
}

const objectType: ObjectTypeDecl = { fields: {}, open: true };

/** Resolves `Object` and every `Object.<path>` name to an open object type (reference §4.3). */
export function resolveObjectType(name: string): ObjectTypeDecl | undefined {
  return name === "Object" || name.startsWith("Object.") ? objectType : undefined;
}

/**
 * Env options with the Kubernetes 1.36 library set: standard library, optional types, strings v2,
 * sets, two-variable comprehensions, lists v3, Kubernetes lists/regex/authz and URL/quantity/IP/
 * CIDR/format/semver (`lib/k8s/`), plus the extra libraries; for mutations also the
 * `Object`/`JSONPatch` types and `jsonpatch.escapeKey`.
 */
export function kubernetesLibraries(options: KubernetesLibraryOptions = {}): Pick<CelEnvOptions, "libraries" | "resolveType"> {
  const libraries = [stdLibrary, optionalLibrary, stringsLibrary, setsLibrary, comprehensionsLibrary, listsLibrary, k8sListsLibrary, k8sRegexLibrary, k8sAuthzLibrary, ...k8sLibraries, ...(options.extra ?? [])];
  if (options.mutation) return { libraries: [...libraries, jsonPatchLibrary], resolveType: resolveObjectType };
  return { libraries };
}

/** The libraries of the conformance env (everything, including what Kubernetes 1.36 leaves off). */
export function conformanceLibraries(): CelLibrary[] {
  return [stdLibrary, optionalLibrary, stringsLibrary, stringsReverseLibrary, setsLibrary, comprehensionsLibrary, listsLibrary, mathLibrary, encodersLibrary, bindingsLibrary];
}
