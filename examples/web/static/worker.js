// The Go program (main.wasm) runs in this worker, so that making a puzzle
// never freezes the page: the page posts the compiled module, then
// {id, name, arg} for each call and gets back {id, result} or
// {id, error}, the answer of cubedoku.call(name, arg).
"use strict";
// The Go distribution's wasm_exec.js: the site's build puts it in place
// of this line, so that the worker fetches nothing more before it starts.
importScripts("wasm_exec.js");

// The page compiles main.wasm while this worker starts, and posts the
// module as the first message; the calls follow.
const ready = new Promise((resolve) => self.addEventListener("cubedoku-ready", resolve, { once: true }));
const go = new Go();
let started = null;
function run(module) {
  WebAssembly.instantiate(module, go.importObject).then((instance) => {
    // The program never returns from main: should it stop, say so.
    go.run(instance).then(() => postMessage({ stopped: true }));
    return ready;
  }).then(() => postMessage({ ready: true }), (e) => postMessage({ ready: false, error: String(e) }));
}

self.onmessage = async (e) => {
  if (!started) {
    started = e.data.module;
    run(started);
    return;
  }
  const { id, name, arg } = e.data;
  try {
    postMessage({ id, result: await self.cubedoku.call(name, arg) });
  } catch (err) {
    postMessage({ id, error: String(err.message || err) });
  }
};
