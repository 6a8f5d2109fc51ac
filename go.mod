module github.com/cubedoku/cubedoku

go 1.24.0

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/sync v0.19.0
)
