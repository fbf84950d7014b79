// What the page holds: the pane files, the request options and the expression pane's inputs, and
// the state an example of `examples/` (bundled into the page at build time) starts from.
import type { ExpressionRequest, RequestOptions } from "../engine/api.js";

/** The panes that hold files: policies and cluster state, manifests, and old objects (UPDATE). */
export type PaneName = "policies" | "manifests" | "old";

/** A file of a pane. */
export interface StateFile {
  pane: PaneName;
  name: string;
  text: string;
}

/** The expression pane's inputs (object keys as the engine names them; "" for none). */
export type ExpressionState = ExpressionRequest;

/** The whole page: what a share link carries. */
export interface PageState {
  /** The example it started from ("" for none). */
  example: string;
  /** Every file of the policies and manifests panes in stream order, then the old objects. */
  files: StateFile[];
  options: RequestOptions;
  expression: ExpressionState;
}

/** An example as bundled by the build (scripts/build-playground.ts). */
export interface Example {
  name: string;
  description: string;
  files: Array<{ name: string; text: string; pane: "policies" | "manifests" }>;
  /** A first expression for the expression pane (the example's first matchCondition). */
  expression: string;
}

/** The request options of a new page (kmutate's defaults). */
export const defaultOptions: RequestOptions = {
  operation: "CREATE",
  username: "",
  groups: "",
  authorizer: "NoOpinion",
  dryRun: false,
  strict: false,
  defaultNamespace: "",
};

/** The page state an example starts from: its files in name order, the Policies pane's first (the stream order of every run). */
export function exampleState(e: Example): PageState {
  const files = e.files.map((f) => ({ pane: f.pane, name: f.name, text: f.text }));
  return {
    example: e.name,
    files: [...files.filter((f) => f.pane === "policies"), ...files.filter((f) => f.pane !== "policies")],
    options: { ...defaultOptions },
    expression: { expression: e.expression, object: "", params: "", mutation: false },
  };
}

/** The examples embedded in the page (`<script type="application/json" id="examples">`). */
export function bundledExamples(): Example[] {
  const el = document.getElementById("examples");
  return el?.textContent ? (JSON.parse(el.textContent) as Example[]) : [];
}
