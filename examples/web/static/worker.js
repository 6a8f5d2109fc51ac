// The Go program (main.wasm) runs in this worker, so that making a puzzle
// never freezes the page: the page posts {id, name, arg} and gets back
// {id, result} or {id, error}, the answer of cubedoku.call(name, arg).
"use strict";
importScripts("wasm_exec.js");

const ready = new Promise((resolve) => self.addEventListener("cubedoku-ready", resolve, { once: true }));
const go = new Go();
WebAssembly.instantiateStreaming(fetch("main.wasm"), go.importObject).then((res) => {
  // The program never returns from main: should it stop, say so.
  go.run(res.instance).then(() => postMessage({ stopped: true }));
  return ready;
}).then(() => postMessage({ ready: true }), (e) => postMessage({ ready: false, error: String(e) }));

self.onmessage = async (e) => {
  const { id, name, arg } = e.data;
  try {
    postMessage({ id, result: await self.cubedoku.call(name, arg) });
  } catch (err) {
    postMessage({ id, error: String(err.message || err) });
  }
};
