// Command web serves a playable Sudoku page: the library compiled to
// WebAssembly, so everything runs in the browser, and only static files are
// served.
//
//	go run ./examples/web                    # builds, serves, prints the address
//	go run ./examples/web -addr :8080        # on another address
//	go run ./examples/web -out site          # writes the static site to a folder
//	go build -o web ./examples/web && ./web  # the server as a process of its own
//
// At start it builds the page's program (package
// github.com/cubedoku/cubedoku/examples/web/wasm) with the go command for
// GOOS=js GOARCH=wasm into a temporary folder, beside the page's HTML,
// scripts and style (the worker's script with the Go distribution's
// wasm_exec.js in it), each with a gzipped copy (name.gz), and serves
// that folder until stopped: the gzipped copy, with Content-Encoding and
// Vary headers, to clients that accept gzip. The program runs in a Web
// Worker, so the page stays responsive while it works. The command must run inside the module (as go run ./examples/web
// does), where the go command finds the package.
//
// The server is this process: SIGINT or SIGTERM stops it with
// http.Server.Shutdown, which closes its connections. Under go run the go
// command is the parent, which leaves SIGINT to the terminal's process
// group and dies on SIGTERM without passing it on; so a server started
// from go run's build cache also stops when that parent has gone.
//
// The page: a board of 4x4 to 25x25 or a cube of three or six faces with
// matching or differing edges, at a level; digits by keyboard or the pad,
// pencil marks, staged hints drawn on the board, mistakes in red, undo and
// redo, and the game kept in the browser's localStorage across reloads.
// A cube shows as its net and as a cube to turn by dragging. The page
// fits the window, wide or a phone's, and on boards of 16 digits or more
// it draws the selected cell's box enlarged, so that its pencil marks can
// be read.
//
// Flags:
//
//	-addr HOST:PORT  the address to listen on (default 127.0.0.1:8080; port 0
//	                 picks a free one)
//	-out DIR         write the static site to DIR and exit instead of serving
//	-version         print the module's version
//
// The exit code is 1 when the site cannot be built or served, 2 for a
// usage error, and 130 after SIGINT or SIGTERM, once the server has
// stopped.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/cubedoku/cubedoku/internal/cli"
)

//go:embed static
var static embed.FS

// wasmPackage is the package built for the browser.
const wasmPackage = "github.com/cubedoku/cubedoku/examples/web/wasm"

// importGlue is the line of static/worker.js that Build replaces with
// the Go distribution's wasm_exec.js.
var importGlue = []byte(`importScripts("wasm_exec.js");`)

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
	ctx, stop := stopContext(ctx)
	defer stop()

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

// stopContext returns a context that ends with ctx, on SIGTERM (how
// service managers and kill stop a server; cli.Main handles SIGINT) and,
// when the program was started by go run, once the go command that
// started it has gone: it dies on SIGTERM without passing the signal on.
func stopContext(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	if exe, err := os.Executable(); err == nil && fromGoRun(exe) {
		go watchParent(ctx, stop, os.Getppid())
	}
	return ctx, stop
}

// fromGoRun reports whether exe is a binary go run built: in the go
// command's temporary go-build folders, or its build cache (go-build by
// default, or $GOCACHE), where go run keeps the binaries it ran before.
func fromGoRun(exe string) bool {
	cache := os.Getenv("GOCACHE")
	return strings.Contains(exe, "go-build") || cache != "" && strings.HasPrefix(exe, filepath.Clean(cache)+string(filepath.Separator))
}

// watchParent calls stop once the process's parent is no longer ppid (an
// orphan is adopted by another process), or returns when ctx ends.
func watchParent(ctx context.Context, stop context.CancelFunc, ppid int) {
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if os.Getppid() != ppid {
				stop()
				return
			}
		}
	}
}

// Build writes the static site to dir: the page's files, the worker's
// script with wasm_exec.js of the Go distribution the go command reports
// in it, and main.wasm built by that go command, each beside a gzipped
// copy, name.gz, for Serve and other servers that send precompressed
// files.
func Build(ctx context.Context, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
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
	glueJS, err := os.ReadFile(glue)
	if err != nil {
		return fmt.Errorf("wasm_exec.js of the Go distribution: %w", err)
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
		if name == "worker.js" {
			// The worker runs the glue in its own script instead of
			// fetching it once started: one request less before the
			// program can start.
			if !bytes.Contains(data, importGlue) {
				return fmt.Errorf("static/worker.js lacks %s", importGlue)
			}
			data = bytes.Replace(data, importGlue, glueJS, 1)
		}
		return writeFile(dir, name, data)
	})
	if err != nil {
		return err
	}
	// Without symbols and DWARF (-s -w) and file paths (-trimpath), the
	// module is smaller and says nothing of the machine that built it.
	wasm := filepath.Join(dir, "main.wasm")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, wasmPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %w\n%s", wasmPackage, err, msg)
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	return writeGzip(wasm, data)
}

// writeFile writes data to the file name of dir and its gzipped copy.
func writeFile(dir, name string, data []byte) error {
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return err
	}
	return writeGzip(file, data)
}

// writeGzip writes data, gzipped, to file.gz.
func writeGzip(file string, data []byte) error {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(file+".gz", buf.Bytes(), 0o644)
}

// Serve serves the files of dir on ln until ctx ends, then shuts the
// server down, closing its connections: at once when idle, after two
// seconds at most when busy.
func Serve(ctx context.Context, ln net.Listener, dir string) error {
	srv := &http.Server{
		Handler:           Handler(dir),
		ReadHeaderTimeout: 10 * time.Second,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		// Shutdown closes the idle connections and waits for the busy
		// ones to finish; those still busy after two seconds are closed.
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			srv.Close()
		}
		<-done
		return nil
	}
}

// Handler serves the files of dir. A file with a gzipped copy beside it
// (name.gz, as Build writes) is sent as that copy, with Content-Encoding
// gzip and the file's own type, to a client that accepts gzip; its
// responses say Vary: Accept-Encoding, so that caches keep both forms
// apart. Every response says Cache-Control: no-cache: the browser keeps
// the files but asks whether they changed (the site is rebuilt at each
// start), which a reload answers with 304 Not Modified.
func Handler(dir string) http.Handler {
	root := http.Dir(dir)
	files := http.FileServer(root)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			name = path.Join(name, "index.html")
		}
		f, err := root.Open(name + ".gz")
		if err != nil {
			files.ServeHTTP(w, r)
			return
		}
		defer f.Close()
		w.Header().Add("Vary", "Accept-Encoding")
		st, err := f.Stat()
		if err != nil || st.IsDir() || !acceptsGzip(r.Header.Get("Accept-Encoding")) {
			files.ServeHTTP(w, r)
			return
		}
		if typ := mime.TypeByExtension(path.Ext(name)); typ != "" {
			w.Header().Set("Content-Type", typ)
		}
		w.Header().Set("Content-Encoding", "gzip")
		http.ServeContent(w, r, name, st.ModTime(), f)
	})
}

// acceptsGzip reports whether an Accept-Encoding header admits gzip: it
// names gzip or * without q=0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "*" {
			continue
		}
		q, ok := strings.CutPrefix(strings.ReplaceAll(strings.ToLower(params), " ", ""), "q=")
		return !ok || strings.Trim(q, "0.") != ""
	}
	return false
}
