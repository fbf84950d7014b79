// The contract between the playground page and its engine bundle (engine.js, loaded after the page
// is shown): what the page sends (pane files, request options, an expression) and gets back.
// Types only, so the page's own bundle carries none of the engine.
import type { AuthorizerDecision, Operation } from "../../src/admission/index.js";

/** One file of a pane: its name (shown in results as `name:line:col`) and its text. */
export interface PaneFile {
  name: string;
  text: string;
}

/** The request options of the functionConfig (a MutationConfig `spec`), as the form holds them. */
export interface RequestOptions {
  operation: Operation;
  username: string;
  /** Comma-separated. */
  groups: string;
  authorizer: AuthorizerDecision;
  dryRun: boolean;
  strict: boolean;
  defaultNamespace: string;
}

/** Everything admission reads: the stream (policies and manifests, in order), old objects, options. */
export interface EngineInput {
  files: PaneFile[];
  /** Old objects for UPDATE (matched to items by apiVersion/kind/namespace/name). */
  oldObjects: PaneFile[];
  options: RequestOptions;
}

/** Where a result points: a file of a pane, 1-based line and column, and the UTF-16 offsets. */
export interface Place {
  file: string;
  line: number;
  col: number;
  from: number;
  to: number;
}

/** One result shown on the page. */
export interface PageResult {
  severity: "error" | "warning" | "info";
  /** `admission`: `kmutate apply`'s results; `check`: `kmutate check`'s findings; `input`: unreadable input. */
  source: "admission" | "check" | "input";
  message: string;
  /** `Kind namespace/name` of the object the result is about. */
  object?: string;
  /** Field path in that object. */
  field?: string;
  /** policy / binding / param names. */
  tags?: Record<string, string>;
  /** Where it is in the panes (several: the object, and the policy that failed on it). */
  places: Place[];
}

/** An object of the inputs, for the expression pane's choices. */
export interface ObjectChoice {
  /** `apiVersion Kind namespace/name` (equal keys: the first object wins). */
  key: string;
  /** The file it is in. */
  file: string;
}

/** The outcome of one run. */
export interface EngineOutput {
  /** The resulting stream, byte for byte what `kmutate apply` prints ("" when the input is unreadable). */
  output: string;
  /** 0-based lines of `output` that admission added or changed (ascending). */
  changedLines: number[];
  /** The per-object diffs of `kmutate apply --diff`, as HTML ("" when nothing changed). */
  diffHtml: string;
  results: PageResult[];
  /** 1 if any error result or unreadable input, else 0 (as `kmutate apply`). */
  exitCode: 0 | 1;
  objects: ObjectChoice[];
  /** Milliseconds the run took. */
  ms: number;
}

/** What the expression pane binds: object keys from {@link ObjectChoice}; "" for null / not declared. */
export interface ExpressionRequest {
  expression: string;
  object: string;
  /** "" leaves `params` undeclared. */
  params: string;
  /** Declare `Object`, `JSONPatch` and `jsonpatch.escapeKey`. */
  mutation: boolean;
}

/** The value as JSON, or cel-go's error text; `bound` says what each variable was bound to. */
export type ExpressionResult = { ok: true; text: string; bound: string[] } | { ok: false; message: string; bound: string[] };

/** The engine's functions and the choices of the request options. */
export interface PlaygroundEngine {
  run(input: EngineInput): EngineOutput;
  evaluate(input: EngineInput, request: ExpressionRequest): ExpressionResult;
  operations: readonly Operation[];
  decisions: readonly AuthorizerDecision[];
}

declare global {
  /** Set by engine.js. */
  var kmutatePlaygroundEngine: PlaygroundEngine | undefined;
}
