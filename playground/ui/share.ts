// The page state in the URL fragment: `#state=` + base64url of the deflated JSON, or
// `#example=<name>`. The fragment never leaves the browser (it is not part of any request).
import { deflateSync, inflateSync, strFromU8, strToU8 } from "fflate";
import type { PageState } from "./state.js";

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** The fragment (without `#`) that restores `state`. */
export function stateFragment(state: PageState): string {
  return "state=" + toBase64Url(deflateSync(strToU8(JSON.stringify(state)), { level: 9 }));
}

/** What a fragment asks for: a state, an example by name, nothing, or a fragment that cannot be read. */
export type FragmentRequest = { kind: "state"; state: PageState } | { kind: "example"; name: string } | { kind: "none" } | { kind: "bad"; message: string };

/** Reads a fragment (with or without `#`). */
export function readFragment(hash: string): FragmentRequest {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const example = params.get("example");
  if (example !== null) return { kind: "example", name: example };
  const state = params.get("state");
  if (state === null) return { kind: "none" };
  try {
    const value: unknown = JSON.parse(strFromU8(inflateSync(fromBase64Url(state))));
    if (!isPageState(value)) return { kind: "bad", message: "the shared state in the link is incomplete" };
    return { kind: "state", state: value };
  } catch {
    return { kind: "bad", message: "the shared state in the link cannot be read (cut short?)" };
  }
}

function isPageState(v: unknown): v is PageState {
  if (typeof v !== "object" || v === null) return false;
  const s = v as Partial<PageState>;
  return typeof s.example === "string" && Array.isArray(s.files) && typeof s.options === "object" && s.options !== null && typeof s.expression === "object" && s.expression !== null
    && s.files.every((f) => typeof f === "object" && f !== null && typeof f.name === "string" && typeof f.text === "string" && ["policies", "manifests", "old"].includes(f.pane));
}
