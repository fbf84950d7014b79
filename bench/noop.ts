// An empty script: what Node alone costs to start, for the start-up benchmark (startup.ts).
export {};
