// The Kubernetes library tables of this folder, in the order the 1.36 base environment adds
// them; pass `k8sLibraries` as `kubernetesLibraries({ extra })`.
import type { CelLibrary } from "../../types.js";
import { urlLibrary } from "./url-library.js";
import { quantityLibrary } from "./quantity-library.js";
import { ipLibrary, cidrLibrary } from "./net-library.js";
import { formatLibrary } from "./format-library.js";
import { semverLibrary } from "./semver-library.js";

export { urlLibrary, URL_TYPE, celURL } from "./url-library.js";
export { quantityLibrary, QUANTITY_TYPE, celQuantity } from "./quantity-library.js";
export { ipLibrary, cidrLibrary, IP_TYPE, CIDR_TYPE, celIP, celCIDR } from "./net-library.js";
export { formatLibrary, FORMAT_TYPE } from "./format-library.js";
export { semverLibrary, SEMVER_TYPE } from "./semver-library.js";
export { parseQuantity, quantityAdd, quantityCmp, quantityRoundUpMilli, quantityToString } from "./quantity.js";
export type { Quantity } from "./quantity.js";
export { ipToString } from "./ip.js";
export { cidrToString } from "./cidr.js";
export { urlToString } from "./url.js";
export { semverToString } from "./semver.js";

/** URL, quantity, IP, CIDR, format and semver libraries (Kubernetes 1.36). */
export const k8sLibraries: readonly CelLibrary[] = [urlLibrary, quantityLibrary, ipLibrary, cidrLibrary, formatLibrary, semverLibrary];
export { nameChecks } from "./format.js";
export { kubernetesCallCost, kubernetesCostHooks } from "./cost-estimate.js";
export { jsonPatchLibrary, objectTypeResolver, jsonPatchType, JSONPATCH_TYPE, OBJECT_TYPE } from "./mutation.js";
export { jsonPatchOps, objectToJson, checkObjectTypeNames, type JsonPatchOp } from "./mutation-values.js";
