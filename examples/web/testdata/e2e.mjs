// Drives the page of examples/web in Debian's chromium through a game:
// a 9x9 game started, digits entered, a hint at each stage, a mistake made,
// seen and undone, the page reloaded and the game found again, a pencil
// mark, a chain hint drawn link by link, 16x16 and 25x25 games played to a hint whose texts must name
// digits as the board writes them, then a cube solved with hints and
// turned. At 1280x800 and at a phone's 390x844 it checks that every
// control lies inside the window, and it times five first loads, each
// followed by a reload. Run by the Go test of examples/web (TestBrowser)
// as
//
//	node e2e.mjs URL [SHOTS_DIR]
//
// It prints one JSON line of measurements and exits 1 on the first failed
// check. With SHOTS_DIR it saves there board.png, chain.png, big.png and
// cube.png (1280x800), phone.png and phone-big.png (390x844).
import { chromium } from "playwright-core";

const [url, shots] = process.argv.slice(2);
// Magictour top1465 #611: its first step is an AIC.
const aicPuzzle = ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...";
if (!url) {
  console.error("usage: node e2e.mjs URL [SHOTS_DIR]");
  process.exit(2);
}

function check(ok, what, detail) {
  if (!ok) {
    throw new Error("check failed: " + what + (detail === undefined ? "" : ": " + JSON.stringify(detail)));
  }
  console.error("ok: " + what);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const out = {};
let page;
const wide = { width: 1280, height: 800 }, phone = { width: 390, height: 844 };

// median of a list of numbers.
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

// inWindow checks that every control the page shows (buttons, lists,
// the checkbox, the keys, the board, the zoom and the 3D cube) lies
// inside the window, so that none is out of reach.
async function inWindow(p, what) {
  const out = await p.evaluate(() => [...document.querySelectorAll(
    "button, select, input, summary, #board svg, #zoom svg, #scene")].map((e) => {
    const r = e.getBoundingClientRect();
    return { id: e.id || e.textContent.trim().slice(0, 12) || e.tagName, r, shown: r.width > 0 && r.height > 0 };
  }).filter((c) => c.shown && (c.r.left < -0.5 || c.r.top < -0.5 || c.r.right > innerWidth + 0.5 || c.r.bottom > innerHeight + 0.5))
    .map((c) => `${c.id} at ${Math.round(c.r.left)},${Math.round(c.r.top)}-${Math.round(c.r.right)},${Math.round(c.r.bottom)}`));
  const size = p.viewportSize();
  check(out.length === 0, `every control inside ${size.width}x${size.height}: ${what}`, out);
}

// The rows, columns, boxes and cells a hint names are numbers; digits are
// written as the board writes them, so on a board past 9 digits no other
// number above 9 may appear, and a placement names a digit of the board.
function alphabetProblems(text, digitText) {
  const rest = text.replace(/\br\d+c\d+\b/g, " ").replace(/\b(?:rows?|columns?|cols?|box(?:es)?|houses?|faces?)\s+\d+(?:\s*(?:,|and|or)\s*\d+)*/gi, " ");
  const problems = (rest.match(/\b\d{2,}\b/g) || []).filter((n) => Number(n) > 9).map((n) => `the number ${n}`);
  for (const m of text.matchAll(/= (\S+?)[,.;)]?(?:\s|$)/g)) {
    if (!digitText.includes(m[1])) problems.push(`"= ${m[1]}" is not a digit of the board`);
  }
  return problems;
}

// checkHintDigits checks the digits of hint text at stage on a board.
function checkHintDigits(v, size) {
  const problems = alphabetProblems(v.hint, v.digitText);
  const what = `the ${size} hint at stage ${v.hintStage} names digits in the board's alphabet`;
  check(problems.length === 0, what, { hint: v.hint, problems });
}
try {
  const ctx = await browser.newContext({ viewport: wide });
  page = await ctx.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  page.on("console", (m) => { if (m.type() === "error") console.error("console:", m.text()); });

  const view = () => page.evaluate(() => window.cubedokuView);
  // act runs a step of the player and waits for the page's next view.
  async function act(f) {
    const n = await page.evaluate(() => window.cubedokuViews || 0);
    await f();
    await page.waitForFunction((n) => (window.cubedokuViews || 0) > n, n, { timeout: 30000 });
    return view();
  }
  const ready = () => page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 60000 });
  const click = (cell) => act(() => page.click(`#board rect[data-cell="${cell}"]`));

  // Load: the first game, made in the browser.
  await page.goto(url + "?seed=7");
  await ready();
  const t = await page.evaluate(() => ({ ...window.cubedokuTimings }));
  out.interactiveMs = Math.round(t.interactive);
  out.firstGameMs = (await view()).genMillis;

  // A 9x9 game.
  await page.selectOption("#kind", "9");
  await page.selectOption("#level", "easy");
  let v = await act(() => page.click("#new"));
  check(v.digits === 9 && v.cells === 81, "a 9x9 game", { digits: v.digits, cells: v.cells });
  out.easy9x9Ms = v.genMillis;
  const givens = v.filled;
  check(await page.locator("#board svg g.given text").count() === givens, "the givens drawn", givens);

  // Enter digits: the solution's digits, by clicking a cell and typing.
  // The page does not tell the solution; a hint does: stages 0, 1, 2, each
  // drawn on the board, then applied.
  v = await act(() => page.click("#hint"));
  check(v.hint && v.hintStage === 0, "hint stage 0 (where to look)", v.hint);
  check(await page.locator("#board svg rect.area").count() > 0, "stage 0 highlights an area");
  // Selecting a cell of that area leaves its colour: the selection is a frame.
  const areaCell = await page.locator("#board svg rect.area").first().getAttribute("data-cell");
  v = await click(areaCell);
  const fills = await page.evaluate((c) => {
    const r = document.querySelector(`#board rect[data-cell="${c}"]`);
    const other = document.querySelector("#board rect.area:not(.selected)");
    return { sel: getComputedStyle(r).fill, area: getComputedStyle(other || r).fill, framed: !!document.querySelector("#board rect.cursor") };
  }, areaCell);
  check(v.hintStage === 0 && fills.sel === fills.area && fills.framed, "a selected cell of the hint's area keeps the area's colour, framed", fills);
  await inWindow(page, "a 9x9 game with a hint");
  const h0 = v.hint;
  v = await act(() => page.keyboard.press("?"));
  check(v.hintStage === 1 && v.hint !== h0, "hint stage 1 (which rule)", v.hint);
  const h1 = v.hint;
  v = await act(() => page.click("#hint"));
  check(v.hintStage === 2 && v.hint !== h1, "hint stage 2 (the step)", v.hint);
  check(await page.locator("#board svg g.place text").count() > 0 ||
    await page.locator("#board svg g.remove text").count() > 0, "stage 2 draws the placement or removal");
  out.hint = v.hint;
  // "hidden single: r3c5 = 7 ..." (the step's sentence names the cell and the digit)
  const placed = /r(\d+)c(\d+) = (\d)/.exec(v.hint);
  v = await act(() => page.click("#hint"));
  check(v.filled === givens + 1 && !v.hint, "the fourth press applies the hint", v.filled);
  check(await page.locator("#board svg g.entry text").count() === 1, "the entry drawn in the entries' colour");

  // Typed digits: clear the hinted cell and type its digit back.
  check(placed !== null, "the step names its placement", v.hint);
  const [r, c, d] = placed.slice(1).map(Number);
  const cell = (r - 1) * 9 + (c - 1);
  await click(cell);
  v = await act(() => page.keyboard.press("Delete"));
  check(v.filled === givens, "Delete clears the entry");
  v = await act(() => page.keyboard.press(String(d)));
  check(v.filled === givens + 1 && v.wrong.length === 0, "a right digit typed", v.wrong);

  // A mistake shows in red: in an empty cell, 1 or else 2 is wrong.
  const bad = v.values.indexOf(0);
  await click(bad);
  v = await act(() => page.keyboard.press("1"));
  if (!v.wrong.length) v = await act(() => page.keyboard.press("2"));
  check(bad >= 0 && v.wrong.includes(bad), "a wrong digit is listed", v.wrong);
  check(await page.locator("#board svg rect.wrong").count() > 0, "the mistake drawn in red");
  const colours = await page.evaluate(() => {
    const fill = (q) => { const e = document.querySelector(q); return e && getComputedStyle(e).fill; };
    return { wrong: fill("#board rect.wrong"), conflict: fill("#board rect.conflict:not(.wrong)") };
  });
  check(colours.wrong !== colours.conflict, "a digit that only clashes is not coloured as the wrong one", colours);
  await act(() => page.uncheck("#mistakes"));
  check(await page.locator("#board svg rect.wrong").count() === 0, "mistakes hidden when the player asks");
  await act(() => page.check("#mistakes"));
  check(await page.locator("#board svg rect.wrong").count() > 0, "and shown again");
  v = await act(() => page.click("#hint"));
  check(/red/.test(v.message) && !v.hint, "no hint on a mistake: the page says to fix it", v.message);
  v = await act(() => page.keyboard.press("Control+z"));
  check(v.wrong.length === 0 && v.canRedo, "undo takes the mistake back", v.wrong);
  if (v.values[bad] !== 0) v = await act(() => page.keyboard.press("Control+z"));
  check(v.values[bad] === 0, "undo empties the cell again", v.values[bad]);
  check(await page.locator("#board svg rect.wrong").count() === 0, "no red left");
  v = await act(() => page.keyboard.press("Control+y"));
  check(v.values[bad] !== 0, "redo makes an entry again", v.values[bad]);
  while (v.values[bad] !== 0) v = await act(() => page.click("#undo"));

  // A pencil mark, by Shift and a digit, in an empty cell right of the cursor.
  await click(cell);
  let markCell = -1;
  for (let i = c; i < 9 && markCell < 0; i++) {
    v = await act(() => page.keyboard.press("ArrowRight"));
    const cur = v.selected;
    v = await act(() => page.keyboard.press("Shift+Digit5"));
    if (!v.message) markCell = cur;
  }
  check(markCell >= 0, "a pencil mark in an empty cell", v.message);
  check(await page.locator("#board svg g.mark text").count() === 1, "the mark drawn");

  // Reload: the game comes back from localStorage, marks, entries, undo.
  const before = await view();
  await page.evaluate(() => window.cubedokuSaving);
  await page.reload();
  await ready();
  v = await view();
  check(v.filled === before.filled && v.cells === 81 && v.canUndo, "the game restored after a reload", { before: before.filled, after: v.filled });
  check(await page.locator("#board svg g.mark text").count() === 1, "the mark restored");
  check(v.board === before.board, "the same drawing after the reload");
  out.restoreMs = Math.round(await page.evaluate(() => window.cubedokuTimings.interactive - window.cubedokuTimings.wasm));
  // Every candidate pencilled and a hint at its last stage, at 1280x800
  // and on a phone.
  await act(() => page.click("#fill"));
  for (let i = 0; i < 3; i++) await act(() => page.click("#hint"));
  await inWindow(page, "a 9x9 game with every mark and a hint");
  if (shots) await page.screenshot({ path: shots + "/board.png" });
  await page.setViewportSize(phone);
  await inWindow(page, "a 9x9 game with every mark and a hint");
  if (shots) await page.screenshot({ path: shots + "/phone.png" });
  await page.setViewportSize(wide);
  await page.evaluate(() => window.cubedokuSaving);

  // A chain hint: a saved game of magictour top1465 #611, whose first
  // step is an alternating inference chain through a group of two cells,
  // shown at its last stage with its links drawn: solid strong links,
  // dashed weak ones, the candidates circled and the group framed.
  const chainGame = {
    spec: { size: 9 }, selected: 0,
    game: {
      version: 1,
      board: { boxRows: 3, boxCols: 3, givens: aicPuzzle, digits: aicPuzzle },
      solution: { boxRows: 3, boxCols: 3, givens: aicPuzzle, digits: "125693784864751392937248561213974658476582139589136247341825976698317425752469813" },
    },
  };
  await page.evaluate(() => window.cubedokuSaving);
  await page.evaluate((s) => localStorage.setItem("cubedoku-game", s), JSON.stringify(chainGame));
  await page.reload();
  await ready();
  for (let stage = 0; stage < 3; stage++) v = await act(() => page.click("#hint"));
  const chain = await page.evaluate(() => ({
    strong: document.querySelectorAll("#board svg g.chains path.link.strong").length,
    weak: [...document.querySelectorAll("#board svg g.chains path.link.weak")].filter((p) => p.getAttribute("stroke-dasharray")).length,
    circles: document.querySelectorAll("#board svg g.chains circle.node").length,
    frames: document.querySelectorAll("#board svg g.chains rect.node").length,
  }));
  check(v.hintStage === 2 && /^AIC: /.test(v.hint), "a chain hint at its last stage", v.hint);
  check(chain.strong === 3 && chain.weak === 2 && chain.circles === 5 && chain.frames === 1,
    "its links drawn: three strong, two weak and dashed, five candidates circled, a group framed", chain);
  if (shots) await page.screenshot({ path: shots + "/chain.png" });

  // A save that is not a game (tampered with): the page starts a new game.
  await page.evaluate(() => window.cubedokuSaving);
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem("cubedoku-game"));
    s.game.solution = s.game.board;
    localStorage.setItem("cubedoku-game", JSON.stringify(s));
  });
  await page.reload();
  await ready();
  v = await view();
  const said = await page.locator("#message").textContent();
  check(v.cells === 81 && /New puzzle/.test(v.message) && !v.canUndo && /could not be read/.test(said),
    "a tampered save gives a new game, and the page says why", said);

  // Generation times in the browser (ms, as the Go side timed generate.New):
  // median and largest over seeds 1 to 10 of minimal 9x9 and 16x16 puzzles,
  // and over seeds 1 to 3 of 9x9 puzzles at each level.
  out.gen = await page.evaluate(async () => {
    const res = {};
    const runs = [["9x9", { size: 9 }, 10], ["16x16", { size: 16 }, 10]];
    for (const level of ["easy", "medium", "hard", "expert"]) runs.push(["9x9 " + level, { size: 9, level }, 3]);
    for (const [name, spec, n] of runs) {
      const ms = [];
      for (let seed = 1; seed <= n; seed++) {
        const v = JSON.parse(await window.cubedoku.call("new", JSON.stringify({ ...spec, seed })));
        ms.push(v.genMillis);
      }
      ms.sort((a, b) => a - b);
      res[name] = { median: ms[Math.floor(ms.length / 2)], max: ms[ms.length - 1] };
    }
    return res;
  });

  // A 16x16 game played to a hint: each stage's text names digits as
  // the board writes them (G, not 16), and the zoom shows the box.
  await page.selectOption("#kind", "16");
  await page.selectOption("#level", "");
  v = await act(() => page.click("#new"));
  check(v.digits === 16 && v.zoom && await page.locator("#zoom svg rect[data-cell]").count() === 16,
    "a 16x16 game, its selected box enlarged", v.message);
  await act(() => page.click("#fill"));
  for (let stage = 0; stage < 3; stage++) {
    v = await act(() => page.click("#hint"));
    check(v.hint && v.hintStage === stage, `16x16 hint stage ${stage}`, v.hint);
    checkHintDigits(v, "16x16");
  }
  out.hint16 = v.hint;
  await inWindow(page, "a 16x16 game with every mark and a hint");
  await page.setViewportSize(phone);
  await inWindow(page, "a 16x16 game with every mark and a hint");
  await page.setViewportSize(wide);

  // While a 25x25 puzzle is being made (the removal runs for 0.7 s), the
  // page still draws frames: the Go program works in its worker. (On the
  // page's thread, the two frames would wait for the puzzle.)
  const views = await page.evaluate(() => window.cubedokuViews);
  await page.selectOption("#kind", "25");
  await page.selectOption("#level", "");
  await page.click("#new");
  const during = await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    return { views: window.cubedokuViews, message: document.getElementById("message").textContent };
  });
  check(during.views === views && /Making/.test(during.message), "the page answers while a puzzle is made", during);
  await page.waitForFunction((n) => window.cubedokuViews > n, views, { timeout: 30000 });
  v = await view();
  check(v.digits === 25 && v.cells === 625, "a 25x25 game", v.message);
  const keyDigits = await page.locator("#keydigits").textContent();
  check(keyDigits === "1–9, A–P", "the keys list names the board's digits", keyDigits);
  // Letters are digits past 9: g is 16.
  const empty25 = v.values.indexOf(0);
  await click(empty25);
  v = await act(() => page.keyboard.press("g"));
  check(v.values[empty25] === 16, "the letter g enters 16 on a 25x25 board", v.values[empty25]);
  v = await act(() => page.keyboard.press("Delete"));
  // Played to a hint: every mark pencilled, the selected box enlarged.
  await act(() => page.click("#fill"));
  for (let stage = 0; stage < 3; stage++) {
    v = await act(() => page.click("#hint"));
    check(v.hint && v.hintStage === stage, `25x25 hint stage ${stage}`, v.hint);
    checkHintDigits(v, "25x25");
  }
  out.hint25 = v.hint;
  check(await page.locator("#zoom svg rect[data-cell]").count() === 25, "the 25x25 box enlarged");
  const zoomFont = await page.evaluate(() => {
    const t = document.querySelector("#zoom g.mark text, #zoom g.key text, #zoom g.remove text");
    return t ? t.getBoundingClientRect().height : 0;
  });
  check(zoomFont >= 9, "its pencil marks legible (9 pixels or more)", zoomFont);
  await inWindow(page, "a 25x25 game with every mark and a hint");
  if (shots) await page.screenshot({ path: shots + "/big.png" });
  await page.setViewportSize(phone);
  await inWindow(page, "a 25x25 game with every mark and a hint");
  await page.click("#zoomtoggle");
  check(await page.locator("#zoom svg").isVisible() && !await page.locator("#board svg").isVisible(),
    "on a phone, Zoom swaps the board for the box");
  await inWindow(page, "a 25x25 game zoomed");
  if (shots) await page.screenshot({ path: shots + "/phone-big.png" });
  await page.click("#zoomtoggle");
  await page.setViewportSize(wide);

  // Loads in new browser contexts (nothing saved, nothing cached), each
  // followed by a reload (the game saved, the files revalidated): ms from
  // navigation start to the board ready for input.
  out.firstLoadsMs = [];
  out.reloadsMs = [];
  for (let i = 0; i < 5; i++) {
    const c2 = await browser.newContext({ viewport: wide });
    const p2 = await c2.newPage();
    const loaded = async (list) => {
      await p2.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 60000 });
      list.push(Math.round(await p2.evaluate(() => window.cubedokuTimings.interactive)));
    };
    await p2.goto(url + "?seed=7");
    await loaded(out.firstLoadsMs);
    if (i === 0) {
      // The module comes gzipped: its bytes on the wire and unpacked.
      const e = await p2.evaluate(() => performance.getEntriesByType("resource").find((r) => r.name.endsWith("/main.wasm")));
      out.wasmBytes = e && { wire: e.encodedBodySize, unpacked: e.decodedBodySize };
      check(e && e.encodedBodySize > 0 && e.encodedBodySize < e.decodedBodySize / 2, "main.wasm sent compressed", out.wasmBytes);
    }
    await p2.evaluate(() => window.cubedokuSaving);
    await p2.reload();
    await loaded(out.reloadsMs);
    await c2.close();
  }
  out.firstLoadMedianMs = median(out.firstLoadsMs);
  out.reloadMedianMs = median(out.reloadsMs);

  // A six-face cube of 9x9 faces fits 1280x820 and a phone: the digits,
  // the tools and the 3D cube inside the window.
  await page.selectOption("#kind", "cube-six");
  await page.selectOption("#box", "3");
  await page.selectOption("#edges", "match");
  await page.selectOption("#level", "");
  v = await act(() => page.click("#new"));
  check(v.faces && v.faces.length === 6 && v.digits === 9, "a six-face cube of 9x9 faces", v.faceNames);
  for (const size of [{ width: 1280, height: 820 }, phone]) {
    await page.setViewportSize(size);
    await inWindow(page, "a six-face cube of 9x9 faces");
  }
  await page.setViewportSize(wide);

  // A cube: six 4x4 faces with matching edges, solved by taking each hint.
  await page.selectOption("#box", "2");
  await page.selectOption("#edges", "match");
  await page.selectOption("#level", "");
  v = await act(() => page.click("#new"));
  check(!!v.faces && v.faces.length === 6 && v.digits === 4, "a six-face cube of 4x4 faces", v.faceNames);
  check(await page.locator("#cube3d .face svg").count() === 6, "the cube's six faces folded in 3D");
  await inWindow(page, "a six-face cube of 4x4 faces");
  // A click on the folded cube selects that cell, as on the net.
  const front = page.locator("#cube3d .front rect[data-cell]").nth(5);
  const frontCell = Number(await front.getAttribute("data-cell"));
  v = await act(() => front.click());
  check(v.selected === frontCell, "a click on the 3D cube selects the cell", { selected: v.selected, frontCell });
  let presses = 0;
  while (!v.solved && presses < 2000) {
    v = await act(() => page.click("#hint"));
    presses++;
  }
  check(v.solved && await page.evaluate(() => document.body.dataset.solved) === "1", "the cube solved with hints", presses);
  out.cubeHintPresses = presses;

  // Turn it by dragging and take its picture.
  const scene = page.locator("#scene");
  const box = await scene.boundingBox();
  const before3d = await page.locator("#cube3d").evaluate((e) => e.style.transform);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 + 20, { steps: 6 });
  await page.mouse.up();
  const after3d = await page.locator("#cube3d").evaluate((e) => e.style.transform);
  check(after3d !== before3d, "dragging turns the cube", after3d);
  if (shots) await page.screenshot({ path: shots + "/cube.png" });

  console.log(JSON.stringify(out));
} catch (e) {
  console.error(e.message);
  if (page && shots) await page.screenshot({ path: shots + "/failure.png" }).catch(() => {});
  await browser.close();
  process.exit(1);
}
await browser.close();
