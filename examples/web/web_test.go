package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/cli/clitest"
)

// TestBrowser builds the site, serves it on a free port of 127.0.0.1 and
// drives it in Debian's chromium with the Node script testdata/e2e.mjs
// (playwright-core): a 9x9 game started, digits entered, a hint at each
// stage, a mistake made, seen and undone, the page reloaded and the game
// found again, a cube solved. It needs chromium (/usr/bin/chromium, or
// $CHROMIUM), node, and the script's packages (npm ci in testdata); without
// one of them it skips, saying which. With CUBEDOKU_SCREENSHOTS=DIR the
// script saves board.png and cube.png in DIR.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds WebAssembly and drives a browser: not in -short mode")
	}
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("no browser to drive: %v (install Debian's chromium, as .ci/run does, or set CHROMIUM)", err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skipf("no node to run testdata/e2e.mjs: %v", err)
	}
	if _, err := os.Stat(filepath.Join("testdata", "node_modules", "playwright-core")); err != nil {
		t.Skipf("testdata/e2e.mjs needs playwright-core: run npm ci in examples/web/testdata (as .ci/run does): %v", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	dir := t.TempDir()
	start := time.Now()
	if err := Build(ctx, dir); err != nil {
		t.Fatal(err)
	}
	t.Logf("site built in %v", time.Since(start).Round(time.Millisecond))
	for _, f := range []string{"index.html", "app.js", "style.css", "wasm_exec.js", "worker.js", "main.wasm"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("the site lacks %s: %v", f, err)
		}
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- Serve(sctx, ln, dir) }()
	defer func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}()

	args := []string{"e2e.mjs", "http://" + ln.Addr().String() + "/"}
	if shots := os.Getenv("CUBEDOKU_SCREENSHOTS"); shots != "" {
		abs, err := filepath.Abs(shots)
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, abs)
	}
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = "testdata"
	cmd.WaitDelay = 10 * time.Second // the browser's pipes, should node be killed
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	t.Logf("e2e.mjs:\n%s", stderr.String())
	if err != nil {
		t.Fatalf("e2e.mjs: %v\n%s", err, stdout.String())
	}
	var res map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res); err != nil {
		t.Fatalf("e2e.mjs printed %q, not one JSON line: %v", stdout.String(), err)
	}
	t.Logf("measured in the browser: %s", bytes.TrimSpace(stdout.Bytes()))
}

// TestSite builds the site with -out and serves it: the page's files, the
// Go distribution's wasm_exec.js and a WebAssembly module, each served with
// its type.
func TestSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds WebAssembly: not in -short mode")
	}
	dir := filepath.Join(t.TempDir(), "site")
	if r := clitest.Run(context.Background(), run, "", "-out", dir); r.Code != 0 {
		t.Fatalf("run -out: exit %d: %s", r.Code, r.Stderr)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("main.wasm starts %q, not a WebAssembly module", wasm[:min(8, len(wasm))])
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, dir) }()
	for file, typ := range map[string]string{
		"":             "text/html",
		"app.js":       "text/javascript",
		"wasm_exec.js": "text/javascript",
		"worker.js":    "text/javascript",
		"style.css":    "text/css",
		"main.wasm":    "application/wasm",
	} {
		resp, err := http.Get("http://" + ln.Addr().String() + "/" + file)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || len(body) == 0 {
			t.Errorf("GET /%s: %s, %d bytes, %v", file, resp.Status, len(body), err)
		}
		if got := resp.Header.Get("Content-Type"); !strings.HasPrefix(got, typ) {
			t.Errorf("GET /%s: Content-Type %q, want %s", file, got, typ)
		}
	}
	stop()
	if err := <-served; err != nil {
		t.Errorf("Serve after its context ended: %v", err)
	}
}

// TestRunFlags checks the command's argument errors, -h and -version.
func TestRunFlags(t *testing.T) {
	clitest.CheckFlags(t, "web", run, []string{"extra"})
}

// TestInterrupt: an interrupt before the site is built exits 130.
func TestInterrupt(t *testing.T) {
	clitest.CheckInterrupt(t, run, "", "-out", filepath.Join(t.TempDir(), "site"))
}
