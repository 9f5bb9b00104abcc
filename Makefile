# Planiverse: `make run` sets up and opens the app; `make test` sets up and runs every check.
# Both install the Debian/Ubuntu packages they need (with sudo when not root) and are idempotent.

BIN      := bin/planiverse
GO       ?= go
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Fyne needs cgo with GL, X11 (and, for GLFW 3.4, Wayland) headers; tests that open a real
# window need Xvfb; screenshots need imagemagick; `fyne package` needs xz.
DEB_PKGS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxrandr-dev libxxf86vm-dev \
            libxi-dev libxcursor-dev libxinerama-dev libwayland-dev libxkbcommon-dev \
            xvfb xauth imagemagick xdotool xz-utils
PREFIX   ?= $(HOME)/.local

.PHONY: all deps build run test fmt-check vet unit smoke bench install uninstall package check-package clean

all: build

# deps installs the missing system packages only (idempotent; no apt run when all are present).
deps:
	@missing=""; for p in $(DEB_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(GO) build -o $(BIN) ./app

run: build
	./$(BIN)

fmt-check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet: deps
	$(GO) vet ./...

unit: deps
	$(GO) test -race -timeout 30m ./...

# smoke starts the real binary under Xvfb, waits for a window titled Planiverse and takes a
# screenshot (bin/smoke.png).
smoke: build
	bash .ci/smoke.sh $(BIN) bin/smoke.png

test: deps fmt-check vet unit build smoke check-package

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1x ./rules/... ./ai/...

clean:
	rm -rf bin

# install (per user, no root): binary, .desktop launcher and icon under $(PREFIX).
install: build
	@echo "TODO install" && exit 1

uninstall:
	@echo "TODO uninstall" && exit 1

# package: the `fyne package` bundle (.tar.xz) for Linux.
package: build
	@echo "TODO package" && exit 1

check-package:
	@echo "TODO check-package"
