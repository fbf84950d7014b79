// Loads engine.js (kmutate's engine with its schema tables) after the page is shown, with a
// classic <script> so that it also works when the page is opened from a file:// URL.
import type { PlaygroundEngine } from "../engine/api.js";

/** The engine, once engine.js (next to the page) has run. */
export function loadEngine(src = "engine.js"): Promise<PlaygroundEngine> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => {
      const engine = globalThis.kmutatePlaygroundEngine;
      if (engine) resolve(engine);
      else reject(new Error(`${src} did not install the engine`));
    };
    script.onerror = () => reject(new Error(`cannot load ${src}`));
    document.head.append(script);
  });
}
