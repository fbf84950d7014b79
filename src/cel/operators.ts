// Operator and special function names (cel-go's spellings). Use these constants, never literals.
export const op = {
  conditional: "_?_:_",
  logicalAnd: "_&&_",
  logicalOr: "_||_",
  logicalNot: "!_",
  equals: "_==_",
  notEquals: "_!=_",
  less: "_<_",
  lessEquals: "_<=_",
  greater: "_>_",
  greaterEquals: "_>=_",
  add: "_+_",
  subtract: "_-_",
  multiply: "_*_",
  divide: "_/_",
  modulo: "_%_",
  negate: "-_",
  index: "_[_]",
  optIndex: "_[?_]",
  optSelect: "_?._",
  in: "@in",
  notStrictlyFalse: "@not_strictly_false",
} as const;

/** One of the operator names above. */
export type OperatorName = (typeof op)[keyof typeof op];
