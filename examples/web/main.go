// Command web serves a playable Sudoku page: the library compiled to
// WebAssembly, so everything runs in the browser, and only static files are
// served.
//
//	go run ./examples/web                    # builds, serves, prints the address
//	go run ./examples/web -addr :8080        # on another address
//	go run ./examples/web -out site          # writes the static site to a folder
//
// At start it builds the page's program (package
// github.com/cubedoku/cubedoku/examples/web/wasm) with the go command for
// GOOS=js GOARCH=wasm into a temporary folder, beside the Go distribution's
// wasm_exec.js and the page's HTML, scripts and style, and serves that
// folder until interrupted. The program runs in a Web Worker, so the page
// stays responsive while it works. The command must run inside the module
// (as go run ./examples/web does), where the go command finds the package.
//
// The page: a board of 4x4 to 25x25 or a cube of three or six faces with
// matching or differing edges, at a level; digits by keyboard or the pad,
// pencil marks, staged hints drawn on the board, mistakes in red, undo and
// redo, and the game kept in the browser's localStorage across reloads.
// A cube shows as its net and as a cube to turn by dragging.
//
// Flags:
//
//	-addr HOST:PORT  the address to listen on (default 127.0.0.1:8080; port 0
//	                 picks a free one)
//	-out DIR         write the static site to DIR and exit instead of serving
//	-version         print the module's version
//
// The exit code is 1 when the site cannot be built or served, 2 for a
// usage error, and 130 after an interrupt, once the server has stopped.
package main

import (
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/internal/cli"
)

//go:embed static
var static embed.FS

// wasmPackage is the package built for the browser.
const wasmPackage = "github.com/cubedoku/cubedoku/examples/web/wasm"

func main() {
	cli.Main(run)
}

func run(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("web", "", stdout, stderr)
	addr := c.Flags.String("addr", "127.0.0.1:8080", "address to listen on")
	out := c.Flags.String("out", "", "write the static site to this folder and exit")
	if status, ok := c.Parse(args); !ok {
		return status
	}

	dir := *out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "cubedoku-web-")
		if err != nil {
			return c.Fail(err)
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	start := time.Now()
	if err := Build(ctx, dir); err != nil {
		if ctx.Err() != nil {
			return c.Exit(ctx, cli.ExitFailure)
		}
		return c.Fail(err)
	}
	if *out != "" {
		fmt.Fprintf(stdout, "wrote the site to %s in %v\n", dir, time.Since(start).Round(time.Millisecond))
		return 0
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return c.Fail(err)
	}
	fmt.Fprintf(stdout, "serving http://%s/ (built in %v; Ctrl-C stops)\n", ln.Addr(), time.Since(start).Round(time.Millisecond))
	if err := Serve(ctx, ln, dir); err != nil {
		return c.Fail(err)
	}
	return c.Exit(ctx, cli.ExitOK)
}

// Build writes the static site to dir: the page's files, wasm_exec.js from
// the Go distribution the go command reports, and main.wasm built by it.
func Build(ctx context.Context, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return err
	}
	err = fs.WalkDir(sub, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sub, name)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name), data, 0o644)
	})
	if err != nil {
		return err
	}
	goroot, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(goroot))
	glue := filepath.Join(root, "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(glue); err != nil {
		glue = filepath.Join(root, "misc", "wasm", "wasm_exec.js") // before Go 1.24
	}
	data, err := os.ReadFile(glue)
	if err != nil {
		return fmt.Errorf("wasm_exec.js of the Go distribution: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), data, 0o644); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "main.wasm"), wasmPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %w\n%s", wasmPackage, err, msg)
	}
	return nil
}

// Serve serves the files of dir on ln until ctx ends.
func Serve(ctx context.Context, ln net.Listener, dir string) error {
	srv := &http.Server{
		Handler:           http.FileServer(http.Dir(dir)),
		ReadHeaderTimeout: 10 * time.Second,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		err := srv.Shutdown(sctx)
		<-done
		return err
	}
}
