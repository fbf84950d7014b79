// Named library sets: exactly the Kubernetes 1.36 set (reference §4.2) with its AST validators,
// optionally with the mutation-only types (`Object…`, `JSONPatch`) and `jsonpatch.escapeKey`; and the
// conformance set that also turns on libraries Kubernetes leaves off (math, encoders, cel.bind, strings reverse).
import type { CelEnvOptions, CelLibrary, ValidatorName } from "../types.js";
import { stdLibrary } from "./std.js";
import { optionalLibrary } from "./optional.js";
import { stringsLibrary, stringsFormatLibrary, stringsFormatV2Library, stringsReverseLibrary } from "./ext-strings.js";
import { listsLibrary, setsLibrary, comprehensionsLibrary } from "./ext-lists.js";
import { mathLibrary, encodersLibrary, bindingsLibrary } from "./ext-math.js";
import { k8sListsLibrary, k8sRegexLibrary } from "./k8s-lists.js";
import { k8sAuthzLibrary } from "./k8s-authz.js";
import { k8sLibraries, jsonPatchLibrary, objectTypeResolver } from "./k8s/index.js";

/** Options of {@link kubernetesLibraries}. */
export interface KubernetesLibraryOptions {
  /** Mutation expressions: adds `Object`/`JSONPatch` types and `jsonpatch.escapeKey`. Default: false. */
  mutation?: boolean;
  /** Further libraries after the Kubernetes set (which already includes quantity, IP, CIDR, URL, semver, format). Default: none. */
  extra?: readonly CelLibrary[];
}

/** The AST validators Kubernetes enables (duration, timestamp and regex literals; homogeneous literals; the strings library's format check). */
export const kubernetesValidators: readonly ValidatorName[] = ["duration", "timestamp", "matches", "homogeneous_literals", "string_format"];

/**
 * Env options with the Kubernetes 1.36 library set, its AST validators and cel-go's `OptOptimize`: standard library, optional types, strings v2,
 * sets, two-variable comprehensions, lists v3, Kubernetes lists/regex/authz and URL/quantity/IP/
 * CIDR/format/semver (`lib/k8s/`), plus the extra libraries; for mutations also the
 * `Object`/`JSONPatch` types and `jsonpatch.escapeKey`.
 */
export function kubernetesLibraries(options: KubernetesLibraryOptions = {}): Pick<CelEnvOptions, "libraries" | "resolveType" | "validators" | "optimize"> {
  const libraries = [stdLibrary, optionalLibrary, stringsLibrary, stringsFormatV2Library, setsLibrary, comprehensionsLibrary, listsLibrary, k8sListsLibrary, k8sRegexLibrary, k8sAuthzLibrary, ...k8sLibraries, ...(options.extra ?? [])];
  if (options.mutation) return { libraries: [...libraries, jsonPatchLibrary], resolveType: objectTypeResolver, validators: kubernetesValidators, optimize: true };
  return { libraries, validators: kubernetesValidators, optimize: true };
}

/** The libraries of the conformance env (everything, including what Kubernetes 1.36 leaves off). */
export function conformanceLibraries(): CelLibrary[] {
  return [stdLibrary, optionalLibrary, stringsLibrary, stringsFormatLibrary, stringsReverseLibrary, setsLibrary, comprehensionsLibrary, listsLibrary, mathLibrary, encodersLibrary, bindingsLibrary];
}
