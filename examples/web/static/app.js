// The page's script: it starts the Go program (main.wasm) in a worker, shows
// the views it returns and passes the player's keys and clicks on. The game
// itself (rules, hints, mistakes, undo, the saved form, the drawing) is the
// library's. A seed in the address (?seed=7) makes the puzzles reproducible.
"use strict";

const $ = (id) => document.getElementById(id);
const storeKey = "cubedoku-game";
const faceOrder = ["up", "left", "front", "right", "back", "down"];

// The worker and the program's compilation, started by index.html.
const { worker, compiled } = window.cubedokuStart;

let view = null;     // the last view from Go
let pencil = false;  // digits pencil marks instead of entering them
let zoomed = false;  // a narrow window shows the zoom instead of the board
let rot = { x: -24, y: -36 };

// timings for the page's users and its test: ms since navigation start.
window.cubedokuTimings = {};

// call runs a call of the Go program and shows the view it returns.
async function call(name, arg = "") {
  const s = await window.cubedoku.call(name, String(arg));
  view = JSON.parse(s);
  window.cubedokuView = view;
  window.cubedokuViews = (window.cubedokuViews || 0) + 1;
  render();
  // The game is saved after the view is shown, not before: the player
  // need not wait for it. A restored game is saved already.
  if (name !== "view" && name !== "select" && name !== "load") save();
  return view;
}

// save keeps the game in localStorage; window.cubedokuSaving is the
// Promise of the last save (the test waits for it before a reload).
function save() {
  window.cubedokuSaving = window.cubedoku.call("save").then((s) => localStorage.setItem(storeKey, s)).catch((e) => {
    // Such as a full localStorage: the game goes on, unsaved.
    $("message").textContent = `The game could not be saved (${e.message || e}).`;
  });
}

function specFromForm() {
  const kind = $("kind").value;
  const spec = { level: $("level").value };
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed) spec.seed = Number(seed);
  if (kind.startsWith("cube-")) {
    spec.box = Number($("box").value);
    spec.model = kind === "cube-six" ? "six faces" : "three faces";
    spec.edges = $("edges").value;
  } else {
    spec.size = Number(kind);
  }
  return spec;
}

function showForm(spec) {
  if (spec.size) {
    $("kind").value = String(spec.size);
  } else {
    $("kind").value = spec.model === "six faces" ? "cube-six" : "cube-three";
    $("box").value = String(spec.box);
    $("edges").value = spec.edges;
  }
  $("level").value = spec.level || "";
  cubeOptions();
}

function cubeOptions() {
  const isCube = $("kind").value.startsWith("cube-");
  for (const el of document.querySelectorAll(".cube-only")) el.classList.toggle("off", !isCube);
}

async function newGame() {
  $("message").textContent = "Making a puzzle…";
  const t0 = performance.now();
  try {
    await call("new", JSON.stringify(specFromForm()));
    window.cubedokuTimings.lastNew = performance.now() - t0;
  } catch (e) {
    $("message").textContent = String(e.message || e);
  }
}

function render() {
  const v = view;
  $("board").innerHTML = v.board;
  $("zoom").innerHTML = v.zoom || "";
  $("zoom").hidden = !v.zoom;
  const isCube = !!v.faces;
  document.body.classList.toggle("cube", isCube);
  document.body.classList.toggle("big", !!v.zoom);
  document.body.classList.toggle("zoomed", !!v.zoom && zoomed);
  $("scene").hidden = !isCube;
  if (isCube) {
    const cube = $("cube3d");
    cube.innerHTML = faceOrder.map((f) => {
      const i = v.faceNames.indexOf(f);
      return `<div class="face ${f}">${i >= 0 ? v.faces[i] : ""}</div>`;
    }).join("");
    turn();
  }
  for (const svg of document.querySelectorAll("#board svg, #zoom svg, #cube3d svg")) frame(svg);
  if (!$("pad").dataset.n || Number($("pad").dataset.n) !== v.digits) {
    $("pad").dataset.n = v.digits;
    $("pad").innerHTML = v.digitText.map((t, i) => `<button data-digit="${i + 1}">${t}</button>`).join("");
    // The keys of the digits, as the board writes them: 1–9, then A–P.
    const d = v.digitText, n = d.length;
    $("keydigits").textContent = n <= 9 ? `${d[0]}–${d[n - 1]}` : `${d[0]}–${d[8]}, ${d[9]}–${d[n - 1]}`;
  }
  $("undo").disabled = !v.canUndo;
  $("redo").disabled = !v.canRedo;
  $("hinttext").textContent = v.hint ?
    `Hint ${v.hintStage + 1} of 3: ${v.hint} (Hint again ${v.hintStage < 2 ? "tells more" : "applies it"}.)` : "";
  $("message").textContent = v.message || "";
  $("message").classList.toggle("solved", v.solved);
  const what = v.spec.size ? `${v.spec.size}x${v.spec.size}` :
    `cube, ${v.spec.model}, ${v.spec.edges} edges, ${v.digits}x${v.digits} faces`;
  $("info").textContent = `${what}${v.grade ? ", " + v.grade : ""}: ${v.filled} of ${v.cells} cells filled` +
    (v.wrong && v.wrong.length ? `, ${v.wrong.length} wrong` : "") +
    (v.genMillis ? `; made in ${v.genMillis.toFixed(1)} ms` : "");
  document.body.dataset.solved = v.solved ? "1" : "";
}

// frame draws the selection of a drawing as a frame inside the selected
// cell, over everything, instead of draw's fill, so that the cell's own
// colour (a hint's first stage, a mistake) still shows; the board's
// drawing sits at the top left of the room it has.
function frame(svg) {
  svg.setAttribute("preserveAspectRatio", "xMinYMin meet");
  const cell = svg.querySelector("rect.cell.selected");
  if (!cell) return;
  const w = +cell.getAttribute("width"), t = w * 0.08;
  const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  r.setAttribute("class", "cursor");
  r.setAttribute("x", +cell.getAttribute("x") + t / 2);
  r.setAttribute("y", +cell.getAttribute("y") + t / 2);
  r.setAttribute("width", w - t);
  r.setAttribute("height", w - t);
  r.setAttribute("stroke-width", t);
  svg.appendChild(r);
}

function turn() {
  $("cube3d").style.transform = `rotateX(${rot.x}deg) rotateY(${rot.y}deg)`;
}

// digitOf returns the digit a key names, or 0.
function digitOf(key) {
  if (!view) return 0;
  const i = view.digitText.indexOf(key.toUpperCase());
  return i + 1;
}

// move selects the cell next to the selected one on the drawing, in a
// direction: the nearest square on its row or column of the picture (a
// cube's net included).
function move(dx, dy) {
  const rects = [...$("board").querySelectorAll("rect[data-cell]")];
  const cur = rects.find((r) => Number(r.dataset.cell) === view.selected);
  if (!cur) return;
  const cx = +cur.getAttribute("x"), cy = +cur.getAttribute("y");
  let best = null, bestD = Infinity;
  for (const r of rects) {
    const x = +r.getAttribute("x"), y = +r.getAttribute("y");
    const along = dx ? (x - cx) * dx : (y - cy) * dy;
    const across = dx ? Math.abs(y - cy) : Math.abs(x - cx);
    if (along <= 0 || across > 0.5) continue;
    if (along < bestD) { bestD = along; best = r; }
  }
  if (best) call("select", best.dataset.cell);
}

function digit(d, mark) {
  if (mark || pencil) call("mark", d); else call("enter", d);
}

function setPencil(on) {
  pencil = on;
  $("pencil").setAttribute("aria-pressed", String(on));
}

function wire() {
  $("setup").addEventListener("submit", (e) => { e.preventDefault(); newGame(); });
  $("kind").addEventListener("change", cubeOptions);
  for (const id of ["board", "zoom", "cube3d"]) {
    $(id).addEventListener("click", (e) => {
      const r = e.target.closest("[data-cell]");
      if (r) call("select", r.dataset.cell);
    });
  }
  $("pad").addEventListener("click", (e) => {
    const b = e.target.closest("[data-digit]");
    if (b) digit(Number(b.dataset.digit), e.shiftKey);
  });
  $("pencil").addEventListener("click", () => setPencil(!pencil));
  $("zoomtoggle").addEventListener("click", () => {
    zoomed = !zoomed;
    $("zoomtoggle").setAttribute("aria-pressed", String(zoomed));
    render();
  });
  $("erase").addEventListener("click", () => call("enter", 0));
  $("fill").addEventListener("click", () => call("fill"));
  $("undo").addEventListener("click", () => call("undo"));
  $("redo").addEventListener("click", () => call("redo"));
  $("hint").addEventListener("click", () => call("hint"));
  $("mistakes").addEventListener("change", (e) => {
    localStorage.setItem("cubedoku-mistakes", e.target.checked ? "show" : "hide");
    call("mistakes", e.target.checked ? "show" : "hide");
  });

  document.addEventListener("keydown", (e) => {
    if (!view || e.target.closest("select, input:not([type=checkbox])")) return;
    const ctrl = e.ctrlKey || e.metaKey;
    let key = e.key;
    if (ctrl && (key === "z" || key === "Z")) { call(e.shiftKey ? "redo" : "undo"); e.preventDefault(); return; }
    if (ctrl && (key === "y" || key === "Y")) { call("redo"); e.preventDefault(); return; }
    if (ctrl || e.altKey) return;
    // Shift with a digit pencils it: read the digit from the key's place.
    const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code);
    if (e.shiftKey && m) key = m[1];
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[key]) { move(...moves[key]); e.preventDefault(); return; }
    if (key === "Backspace" || key === "Delete" || key === "0" || key === " ") { call("enter", 0); e.preventDefault(); return; }
    if (key === "Insert") { setPencil(!pencil); return; }
    if (key === "?") { call("hint"); return; }
    const d = key.length === 1 ? digitOf(key) : 0;
    if (d > 0) { digit(d, e.shiftKey); e.preventDefault(); }
  });

  // Turning the cube: drag with the mouse or a finger.
  let drag = null;
  const scene = $("scene");
  scene.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY, moved: false };
  });
  scene.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) > 2) {
      drag.moved = true;
      scene.setPointerCapture(e.pointerId);
    }
    drag.x = e.clientX; drag.y = e.clientY;
    rot.y += dx * 0.5; rot.x -= dy * 0.5;
    turn();
  });
  const end = () => { drag = null; };
  scene.addEventListener("pointerup", end);
  scene.addEventListener("pointercancel", end);
}

// startWorker starts the Go program in the worker (worker.js) and makes
// window.cubedoku.call(name, arg) a Promise of its answer.
async function startWorker() {
  worker.postMessage({ module: await compiled });
  const pending = new Map();
  let next = 0;
  return new Promise((resolve, reject) => {
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.stopped) {
        // The Go program ended (it never should): every call left fails.
        for (const p of pending.values()) p.rej(new Error("the program stopped"));
        pending.clear();
        window.cubedoku = { call: () => Promise.reject(new Error("the program stopped")) };
        $("message").textContent = "The program stopped: reload the page (the game is saved).";
        reject(new Error("the program stopped"));
        return;
      }
      if ("ready" in m) {
        if (!m.ready) { reject(new Error(m.error)); return; }
        window.cubedoku = {
          call(name, arg = "") {
            const id = next++;
            return new Promise((res, rej) => {
              pending.set(id, { res, rej });
              worker.postMessage({ id, name, arg: String(arg) });
            });
          },
        };
        resolve();
        return;
      }
      const p = pending.get(m.id);
      pending.delete(m.id);
      if ("error" in m) p.rej(new Error(m.error)); else p.res(m.result);
    };
    worker.onerror = (e) => reject(new Error(e.message));
  });
}

async function start() {
  await startWorker();
  window.cubedokuTimings.wasm = performance.now();
  wire();
  if (localStorage.getItem("cubedoku-mistakes") === "hide") {
    $("mistakes").checked = false;
    await window.cubedoku.call("mistakes", "hide").catch(() => {});
  }
  const saved = localStorage.getItem(storeKey);
  let restored = false, lost = "";
  if (saved) {
    try {
      await call("load", saved);
      showForm(view.spec);
      restored = true;
    } catch (e) {
      console.warn("saved game not restored:", e);
      lost = String(e.message || e);
    }
  }
  if (!restored) {
    cubeOptions();
    await newGame();
    if (lost) $("message").textContent = `The saved game could not be read (${lost}): here is a new one.`;
  }
  window.cubedokuTimings.interactive = performance.now();
  $("loading").hidden = true;
  document.body.dataset.ready = "1";
}

start().catch((e) => { $("loading").textContent = "Failed to start: " + e; });
