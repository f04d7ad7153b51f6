module github.com/example/ledger

go 1.22

toolchain go1.22.1

require (
	github.com/gin-gonic/gin v1.9.1
	github.com/google/uuid v1.6.0
	golang.org/x/crypto v0.21.0 // indirect
	example.com/internal/auth v0.3.0
)

require github.com/pkg/errors v0.9.1

require (
	github.com/bytedance/sonic v1.11.3 // indirect
	golang.org/x/net v0.0.0-20240311211500-2b2d1f9c8ee5 // indirect
)

replace example.com/internal/auth => ../auth

replace github.com/google/uuid v1.6.0 => github.com/example/uuid-fork v1.6.1

exclude golang.org/x/net v0.0.0-20200101000000-abcdefabcdef

retract v1.0.0 // published by mistake
