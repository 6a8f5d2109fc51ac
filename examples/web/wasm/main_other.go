//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "this program runs in a browser: build it with GOOS=js GOARCH=wasm (go run ./examples/web does)")
	os.Exit(2)
}
