// Public surface of view/defaults: the built-in defaulting of the core/v1, apps/v1 and batch/v1
// kinds, and the structural-schema defaulting of custom resources.
export { applyBuiltinDefaults, defaultedKinds } from "./builtin-defaults.js";
export { applyCrdDefaults } from "./crd-defaults.js";
export { defaultPullPolicy, imageTag } from "./image-ref.js";
