// Drives the page of examples/web in Debian's chromium through a game:
// a 9x9 game started, digits entered, a hint at each stage, a mistake made,
// seen and undone, the page reloaded and the game found again, a pencil
// mark, then a cube solved with hints and turned. Run by the Go test of
// examples/web (TestBrowser) as
//
//	node e2e.mjs URL [SHOTS_DIR]
//
// It prints one JSON line of measurements and exits 1 on the first failed
// check. With SHOTS_DIR it saves board.png and cube.png there.
import { chromium } from "playwright-core";

const [url, shots] = process.argv.slice(2);
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
try {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 800 } });
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
  if (shots) {
    // The board with every candidate pencilled and a hint at its last stage.
    await act(() => page.click("#fill"));
    for (let i = 0; i < 3; i++) await act(() => page.click("#hint"));
    await page.setViewportSize({ width: 1000, height: 560 }); // a board of 470 pixels
    await page.locator("#board").screenshot({ path: shots + "/board.png" });
    await page.setViewportSize({ width: 1200, height: 800 });
  }

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
  // Letters are digits past 9: g is 16.
  const empty25 = v.values.indexOf(0);
  await click(empty25);
  v = await act(() => page.keyboard.press("g"));
  check(v.values[empty25] === 16, "the letter g enters 16 on a 25x25 board", v.values[empty25]);

  // Loads in new browser contexts (nothing saved): ms from navigation to
  // the first game on the board, ready for input.
  out.freshLoadsMs = [];
  for (let i = 0; i < 3; i++) {
    const c2 = await browser.newContext();
    const p2 = await c2.newPage();
    await p2.goto(url);
    await p2.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 60000 });
    out.freshLoadsMs.push(Math.round(await p2.evaluate(() => window.cubedokuTimings.interactive)));
    await c2.close();
  }

  // A cube: six 4x4 faces with matching edges, solved by taking each hint.
  await page.selectOption("#kind", "cube-six");
  await page.selectOption("#box", "2");
  await page.selectOption("#edges", "match");
  await page.selectOption("#level", "");
  v = await act(() => page.click("#new"));
  check(!!v.faces && v.faces.length === 6 && v.digits === 4, "a six-face cube of 4x4 faces", v.faceNames);
  check(await page.locator("#cube3d .face svg").count() === 6, "the cube's six faces folded in 3D");
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
  await page.setViewportSize({ width: 1000, height: 560 });
  await page.locator("#scene").scrollIntoViewIfNeeded();
  const scene = page.locator("#scene");
  const box = await scene.boundingBox();
  const before3d = await page.locator("#cube3d").evaluate((e) => e.style.transform);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 + 20, { steps: 6 });
  await page.mouse.up();
  const after3d = await page.locator("#cube3d").evaluate((e) => e.style.transform);
  check(after3d !== before3d, "dragging turns the cube", after3d);
  if (shots) {
    // The net and the turned cube, one above the other, in page coordinates.
    const clip = await page.evaluate(() => {
      const a = document.getElementById("board").getBoundingClientRect();
      const b = document.getElementById("scene").getBoundingClientRect();
      const x = Math.min(a.left, b.left), y = Math.min(a.top, b.top);
      return { x: x + scrollX, y: y + scrollY, width: Math.max(a.right, b.right) - x, height: Math.max(a.bottom, b.bottom) - y };
    });
    await page.screenshot({ path: shots + "/cube.png", fullPage: true, clip });
  }

  console.log(JSON.stringify(out));
} catch (e) {
  console.error(e.message);
  if (page && shots) await page.screenshot({ path: shots + "/failure.png" }).catch(() => {});
  await browser.close();
  process.exit(1);
}
await browser.close();
