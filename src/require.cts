// The package's `require` entry: kmutate is ESM-only, so `require("kmutate")` fails with a message
// saying how to load it instead of Node's generic export-resolution error.
throw new Error('kmutate is an ES module: use `import { mutate } from "kmutate"` (or `await import("kmutate")` from CommonJS)');
