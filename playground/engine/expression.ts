// The expression pane: one CEL expression evaluated as `kmutate eval` evaluates it, with `object`
// and `params` chosen among the inputs, `namespaceObject` the object's Namespace when the inputs
// hold it, and (for UPDATE) `oldObject` the old object of the same key.
import { evaluateExpression, type ExpressionInputs } from "../../src/authoring/index.js";
import { getString, type JsonObject } from "../../src/data/index.js";
import { readStream } from "../../src/krm/index.js";
import type { EngineInput, ExpressionRequest, ExpressionResult } from "./api.js";
import { admitOptions } from "./config.js";
import { objectKey } from "./objects.js";

/** Evaluates the pane's expression. Never throws on bad input. */
export function evaluate(input: EngineInput, req: ExpressionRequest): ExpressionResult {
  const stream = readStream(input.files.map((f) => ({ path: f.name, text: f.text })));
  const items = stream.ok ? stream.items : [];
  const find = (key: string): JsonObject | null => (key === "" ? null : items.find((it) => objectKey(it) === key) ?? null);
  const object = find(req.object);
  const inputs: ExpressionInputs = { object, mutation: req.mutation };
  const bound: string[] = [`object: ${object ? req.object : "null"}`];
  if (req.params !== "") {
    inputs.params = find(req.params);
    bound.push(`params: ${inputs.params ? req.params : "null"}`);
  }
  const ns = object ? getString(object, "metadata", "namespace") : undefined;
  if (ns !== undefined) {
    inputs.namespaceObject = find(`v1 Namespace ${ns}`);
    if (inputs.namespaceObject) bound.push(`namespaceObject: Namespace ${ns}`);
  }
  const options = admitOptions(input.options, input.oldObjects);
  if (object && options.ok && options.options.oldObjects) {
    inputs.oldObject = options.options.oldObjects.find((o) => objectKey(o) === req.object) ?? null;
    if (inputs.oldObject) bound.push(`oldObject: ${req.object}`);
  }
  const r = evaluateExpression(req.expression, inputs);
  return r.ok ? { ok: true, text: r.text, bound } : { ok: false, message: r.message, bound };
}
