// Injected into engine.js by the build (esbuild `inject`): the few Node `Buffer` calls of the CEL
// and patch layers (base64, UTF-8 byte lengths, Latin-1 views) get the `buffer` package's Buffer.
export { Buffer } from "buffer";
