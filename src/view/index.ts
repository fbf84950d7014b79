// Public surface of the view layer: how admission sees an object (the apiserver's typed and
// optionally defaulted view) and how the changes made to that view get back into the manifest.
export { openItemView } from "./item-view.js";
export type { ItemView, MutationView } from "./item-view.js";
export { defaultViewOptions } from "./types.js";
export type { Defaulting, PatchKind, ViewKind, ViewMode, ViewOptions } from "./types.js";
export { decodeTyped } from "./go-decode.js";
export { zeroStruct } from "./decode-plan.js";
export type { TypedDecode } from "./go-decode.js";
export { carryChange } from "./write-back.js";
export { applyBuiltinDefaults, applyCrdDefaults, defaultedKinds, imageTag } from "./defaults/index.js";
