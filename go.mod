module github.com/cubedoku/cubedoku

go 1.24.0

require golang.org/x/sync v0.19.0
