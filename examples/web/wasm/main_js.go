//go:build js && wasm

package main

import (
	"context"
	"sync"
	"syscall/js"
)

// main binds the one entry point, cubedoku.call(name, arg), in the global
// scope (the page's worker, worker.js, which passes the page's calls on),
// signals "cubedoku-ready" and waits for ever: the calls come in.
//
// call returns a Promise of the view as JSON, or rejected with the error's
// text. The work runs on a goroutine of its own, as a call from JavaScript
// must not block, and calls run one at a time in the order made.
func main() {
	var (
		mu  sync.Mutex
		app App
	)
	call := js.FuncOf(func(this js.Value, args []js.Value) any {
		name, arg := args[0].String(), ""
		if len(args) > 1 && args[1].Type() == js.TypeString {
			arg = args[1].String()
		}
		return promise(func() (string, error) {
			mu.Lock()
			defer mu.Unlock()
			return Dispatch(context.Background(), &app, name, arg)
		})
	})
	js.Global().Set("cubedoku", map[string]any{"call": call})
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("cubedoku-ready"))
	select {}
}

// promise runs f on a goroutine and returns a Promise of its answer.
func promise(f func() (string, error)) js.Value {
	var handler js.Func
	handler = js.FuncOf(func(this js.Value, args []js.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			defer handler.Release()
			s, err := guard(f)
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(s)
		}()
		return nil
	})
	return js.Global().Get("Promise").New(handler)
}
