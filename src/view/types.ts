// The view layer's contract: how admission sees an object (the apiserver's typed, optionally
// defaulted view, or the manifest as it is) and what it needs to know of the object's kind.
import type { JsonObject } from "../data/index.js";

/** `server`: the typed view the apiserver admits; `raw`: the manifest as written (kmutate before the server view). */
export type ViewMode = "server" | "raw";
/** `builtin`: the 1.36 built-in defaults and CRD schema defaults; `none`: no defaulting. */
export type Defaulting = "none" | "builtin";

/** How views are made. */
export interface ViewOptions {
  /** Default: `server`. */
  mode: ViewMode;
  /** Default: `none`. */
  defaulting: Defaulting;
}

/** The view options kmutate uses when none are given. */
export const defaultViewOptions: ViewOptions = { mode: "server", defaulting: "none" };

/** What the view needs to know of an object's kind. */
export interface ViewKind {
  apiVersion: string;
  kind: string;
  /** The CRD version's `openAPIV3Schema`, for a custom resource whose CRD is in the input. */
  openAPIV3Schema?: JsonObject;
}

/** How a patch type's result is decoded: JSON patch results strictly, apply results leniently. */
export type PatchKind = "JSONPatch" | "ApplyConfiguration";
