// An empty script: what Node alone costs to start, for the start-up benchmark (startup.ts).
// CommonJS, as the bin is: Node starts it without its ES module loader.
export = {};
