// The tests of this file check the one contract of the package
// documentation across every package of the library, on lists of
// enumerations and options read from the source, so that a new one that
// breaks the contract, or that has no check here, fails.

package cubedoku_test

import (
	"context"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/play"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// The library's packages, whose exported API this file checks against the
// contract of the package documentation.
var packages = []string{"sudoku", "logic", "search", "anneal", "cube", "grade", "generate", "draw", "play"}

// api is what the source of one package exports that the contract
// concerns, read from its files without running them.
type api struct {
	enums   []string // types with MarshalText and a ParseT function
	options []string // interface types named ...Option
	stats   bool     // whether it has a WithStats function
}

// readAPI parses the non-test files of dir.
func readAPI(t *testing.T, dir string) api {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	marshal := map[string]bool{}
	funcs := map[string]bool{}
	var a api
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if gen, ok := d.(*ast.GenDecl); ok && gen.Tok == token.TYPE {
				for _, spec := range gen.Specs {
					ts := spec.(*ast.TypeSpec)
					if _, ok := ts.Type.(*ast.InterfaceType); ok && ts.Name.IsExported() && strings.HasSuffix(ts.Name.Name, "Option") {
						a.options = append(a.options, ts.Name.Name)
					}
				}
			}
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() {
				continue
			}
			if fn.Recv == nil {
				funcs[fn.Name.Name] = true
				a.stats = a.stats || fn.Name.Name == "WithStats"
				continue
			}
			if fn.Name.Name == "MarshalText" {
				if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok {
					marshal[id.Name] = true
				}
			}
		}
	}
	for typ := range marshal {
		if funcs["Parse"+typ] {
			a.enums = append(a.enums, typ)
		}
	}
	slices.Sort(a.enums)
	slices.Sort(a.options)
	return a
}

// enum is an enumeration's round trip, made by roundTrip.
type enum func(t *testing.T)

// integer is the underlying types of the library's enumerations.
type integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32
}

// roundTrip returns the check of an enumeration T read by parse: every
// value from 0 up to the first without a name goes through its text form,
// Parse, UnmarshalText and JSON and comes back equal, String prints the
// text form, and unknown names and values are argument errors.
func roundTrip[T interface {
	integer
	fmt.Stringer
	encoding.TextMarshaler
}, P interface {
	*T
	encoding.TextUnmarshaler
}](parse func(string) (T, error)) enum {
	return func(t *testing.T) {
		var v T
		for ; ; v++ {
			text, err := v.MarshalText()
			if err != nil {
				if !errors.Is(err, sudoku.ErrInvalidArgument) {
					t.Errorf("MarshalText of %d: %v, want ErrInvalidArgument", int64(v), err)
				}
				break
			}
			if v.String() != string(text) {
				t.Errorf("%d: String %q, MarshalText %q", int64(v), v.String(), text)
			}
			if got, err := parse(string(text)); err != nil || got != v {
				t.Errorf("Parse(%q) = %v, %v; want %d", text, got, err, int64(v))
			}
			var back T
			if err := P(&back).UnmarshalText(text); err != nil || back != v {
				t.Errorf("UnmarshalText(%q) = %v, %v; want %d", text, back, err, int64(v))
			}
			data, err := json.Marshal(v)
			if err != nil {
				t.Errorf("json.Marshal(%d): %v", int64(v), err)
				continue
			}
			back = 0
			if err := json.Unmarshal(data, &back); err != nil || back != v {
				t.Errorf("json round trip of %s = %v, %v", data, back, err)
			}
		}
		if v == 0 {
			t.Fatal("no value has a name")
		}
		if _, err := parse("no such name"); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Parse of an unknown name: %v, want ErrInvalidArgument", err)
		}
		if err := P(nil).UnmarshalText([]byte("x")); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("UnmarshalText into nil: %v, want ErrInvalidArgument", err)
		}
		if _, err := json.Marshal(v); err == nil {
			t.Errorf("json.Marshal of %d, which has no name: no error", int64(v))
		}
	}
}

// TestEnumerations: every enumeration of every package round-trips through
// text and JSON; the list of enumerations is read from the source, so a new
// one without a check here fails.
func TestEnumerations(t *testing.T) {
	for _, pkg := range packages {
		for _, typ := range readAPI(t, pkg).enums {
			name := pkg + "." + typ
			check, ok := enums[name]
			if !ok {
				t.Errorf("%s: an enumeration with no round trip in this test", name)
				continue
			}
			t.Run(name, check)
		}
	}
	for name := range enums {
		pkg, typ, _ := strings.Cut(name, ".")
		if !slices.Contains(readAPI(t, pkg).enums, typ) {
			t.Errorf("%s: checked here but not found in the source", name)
		}
	}
}

// enums holds the round trip of every enumeration of the library, by
// package and type.
var enums = map[string]enum{
	"sudoku.Alphabet":    roundTrip(sudoku.ParseAlphabet),
	"sudoku.UnitKind":    roundTrip(sudoku.ParseUnitKind),
	"logic.Stage":        roundTrip(logic.ParseStage),
	"logic.Technique":    roundTrip(logic.ParseTechnique),
	"anneal.Status":      roundTrip(anneal.ParseStatus),
	"anneal.Variant":     roundTrip(anneal.ParseVariant),
	"cube.EdgeRule":      roundTrip(cube.ParseEdgeRule),
	"cube.Face":          roundTrip(cube.ParseFace),
	"cube.Model":         roundTrip(cube.ParseModel),
	"cube.Strategy":      roundTrip(cube.ParseStrategy),
	"grade.Level":        roundTrip(grade.ParseLevel),
	"generate.Symmetry":  roundTrip(generate.ParseSymmetry),
	"generate.Transform": roundTrip(generate.ParseTransform),
}

// optionCall is the main call of a package that takes options, run with
// one good option, a nil one and, where the package has them, WithStats
// of a Stats whose Workers and Elapsed hold junk.
type optionCall struct {
	// run makes the call; nilOption puts a nil option among its options.
	// stats, when the package has WithStats, is the Stats value it fills.
	run func(nilOption bool, stats any) error
	// stats returns a new Stats of the package, for run.
	stats func() any
}

// list returns good, then a nil option if asked, then more.
func list[O any](nilOption bool, good O, more ...O) []O {
	out := []O{good}
	if nilOption {
		var none O
		out = append(out, none)
	}
	return append(out, more...)
}

// calls returns the option calls of the packages, by package.
func calls(t *testing.T) map[string]optionCall {
	ctx := context.Background()
	hard, err := sudoku.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := search.Solve(ctx, hard)
	if err != nil {
		t.Fatal(err)
	}
	g4, err := sudoku.NewGeometry(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	empty4 := sudoku.NewBoard(g4)
	c, err := cube.New(2, cube.ThreeFaces, cube.Match)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]optionCall{
		"sudoku": {run: func(nilOption bool, _ any) error {
			_, err := sudoku.Parse(hard.Line(), list(nilOption, sudoku.WithTextLimit(1000))...)
			return err
		}},
		"logic": {run: func(nilOption bool, _ any) error {
			_, err := logic.Hint(ctx, hard, list(nilOption, logic.WithSolution(sol))...)
			return err
		}},
		"draw": {run: func(nilOption bool, _ any) error {
			return draw.SVG(io.Discard, hard, list(nilOption, draw.WithConflicts(true))...)
		}},
		"play": {run: func(nilOption bool, _ any) error {
			_, err := play.New(ctx, hard, list(nilOption, play.WithWorkers(1))...)
			return err
		}},
		"search": {
			stats: func() any { return new(search.Stats) },
			run: func(nilOption bool, st any) error {
				var more []search.Option
				if st != nil {
					more = append(more, search.WithStats(st.(*search.Stats)))
				}
				_, err := search.Solve(ctx, hard, list(nilOption, search.WithWorkers(1), more...)...)
				return err
			},
		},
		"anneal": {
			stats: func() any { return new(anneal.Stats) },
			run: func(nilOption bool, st any) error {
				var more []anneal.Option
				if st != nil {
					more = append(more, anneal.WithStats(st.(*anneal.Stats)))
				}
				_, err := anneal.Solve(ctx, empty4, list(nilOption, anneal.WithSeed(1), more...)...)
				return err
			},
		},
		"cube": {
			stats: func() any { return new(cube.Stats) },
			run: func(nilOption bool, st any) error {
				var more []cube.Option
				if st != nil {
					more = append(more, cube.WithStats(st.(*cube.Stats)))
				}
				_, err := cube.Anneal(ctx, c, cube.Master, list(nilOption, cube.WithSeed(1), more...)...)
				return err
			},
		},
		"generate": {
			stats: func() any { return new(generate.Stats) },
			run: func(nilOption bool, st any) error {
				var more []generate.Option
				if st != nil {
					more = append(more, generate.WithStats(st.(*generate.Stats)))
				}
				_, err := generate.New(ctx, g4, list(nilOption, generate.WithSeed(1), more...)...)
				return err
			},
		},
	}
}

// TestOptions: in every package that takes options, a nil option makes
// the call fail with an argument error that names it, counting from 1,
// and WithStats, given after the nil option, is still filled: the
// Workers and Elapsed a Stats held before come back as zeros. The
// packages with options are read from the source, so a new one without a
// call here fails.
func TestOptions(t *testing.T) {
	all := calls(t)
	for _, pkg := range packages {
		a := readAPI(t, pkg)
		if len(a.options) == 0 {
			continue
		}
		call, ok := all[pkg]
		if !ok {
			t.Errorf("%s has options %v but no call in this test", pkg, a.options)
			continue
		}
		if a.stats != (call.stats != nil) {
			t.Errorf("%s: WithStats in the source %v, in this test %v", pkg, a.stats, call.stats != nil)
		}
		t.Run(pkg, func(t *testing.T) {
			if err := call.run(false, nil); err != nil {
				t.Fatalf("with good options: %v", err)
			}
			err := call.run(true, nil)
			if !errors.Is(err, sudoku.ErrInvalidArgument) || !strings.HasPrefix(err.Error(), pkg+": option 2 is nil") {
				t.Errorf("a nil option: %v; want %q wrapping ErrInvalidArgument", err, pkg+": option 2 is nil")
			}
			if call.stats == nil {
				return
			}
			st := call.stats()
			v := reflect.ValueOf(st).Elem()
			v.FieldByName("Workers").SetInt(77)
			v.FieldByName("Elapsed").SetInt(int64(time.Hour))
			if err := call.run(true, st); !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Fatalf("a nil option with WithStats: %v", err)
			}
			if w, e := v.FieldByName("Workers").Int(), v.FieldByName("Elapsed").Int(); w != 0 || e >= int64(time.Hour) {
				t.Errorf("a call that failed on a nil option left Stats with Workers %d, Elapsed %v", w, time.Duration(e))
			}
		})
	}
}
