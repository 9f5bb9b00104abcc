# Planiverse: `make run` sets up and opens the app; `make test` sets up and runs every check.
# Both install the Debian/Ubuntu packages they need (with sudo when not root) and are idempotent.

BIN      := bin/planiverse
GO       ?= go
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Fyne needs cgo with GL, X11 (and, for GLFW 3.4, Wayland) headers; tests that open a real
# window need Xvfb; screenshots need imagemagick; `fyne package` needs xz; sound (oto) needs ALSA headers;
# Japanese, Chinese and Korean text needs a CJK font (Fyne falls back to the system's fonts per rune).
DEB_PKGS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxrandr-dev libxxf86vm-dev libasound2-dev \
            libxi-dev libxcursor-dev libxinerama-dev libwayland-dev libxkbcommon-dev \
            xvfb xauth imagemagick xdotool xclip xz-utils fonts-noto-cjk
PREFIX   ?= $(HOME)/.local

.PHONY: all deps build run screenshots test fmt-check vet unit smoke autosave reliability bench install uninstall package check-package clean

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

# autosave kills the real binary mid-game under Xvfb and checks that the restart restores the game.
autosave: build
	bash .ci/autosave.sh $(BIN)

# reliability checks under Xvfb that damaged settings are kept and never stop the window, and
# that a second window never writes over the first one's autosave (README "Reliability").
reliability: build
	bash .ci/reliability.sh $(BIN)

test: deps fmt-check vet unit build smoke autosave reliability check-package

# screenshots: pictures of the real window under Xvfb for every game (values on the board,
# a mistake with the graph, Learn) in bin/screens; SCALE and THEME as Fyne's (1, dark).
SCALE ?= 1
THEME ?= dark
screenshots: build
	bash .ci/screenshots.sh $(BIN) bin/screens $(SCALE) $(THEME)

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1x ./rules/... ./ai/...

clean:
	rm -rf bin

# install (per user, no root): binary, .desktop launcher, icon and the record types it opens
# (desktop/planiverse-mime.xml, for shared-mime-info) under $(PREFIX) (default ~/.local;
# `make install PREFIX=/usr/local` as root for every user). The launcher opens a file given
# to it (Exec=... %f), so a double-click on a record in a file manager opens it.
APPS_DIR = $(PREFIX)/share/applications
ICON_DIR = $(PREFIX)/share/icons/hicolor/512x512/apps
MIME_DIR = $(PREFIX)/share/mime
MIME_XML = desktop/planiverse-mime.xml
# MIME_TYPES are the types of MIME_XML, for the launcher's MimeType=.
MIME_TYPES := $(shell sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' $(MIME_XML) | tr '\n' ';')
install: build
	install -Dm755 $(BIN) $(DESTDIR)$(PREFIX)/bin/planiverse
	install -Dm644 Icon.png $(DESTDIR)$(ICON_DIR)/planiverse.png
	mkdir -p $(DESTDIR)$(APPS_DIR)
	printf '%s\n' '[Desktop Entry]' 'Type=Application' 'Name=Planiverse' 'GenericName=Board games' \
	  'Comment=DVONN, Othello, Gomoku and Alak against the computer or a friend' \
	  'Exec=$(PREFIX)/bin/planiverse %f' 'Icon=planiverse' 'Terminal=false' \
	  'Categories=Game;BoardGame;' 'Keywords=dvonn;othello;reversi;gomoku;alak;board game;strategy;' \
	  'MimeType=$(MIME_TYPES)' 'StartupWMClass=Planiverse' > $(DESTDIR)$(APPS_DIR)/planiverse.desktop
	install -Dm644 $(MIME_XML) $(DESTDIR)$(MIME_DIR)/packages/planiverse.xml
	-@command -v update-mime-database >/dev/null && update-mime-database $(DESTDIR)$(MIME_DIR) >/dev/null 2>&1 || true
	-@command -v update-desktop-database >/dev/null && update-desktop-database -q $(DESTDIR)$(APPS_DIR) || true
	-@command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t $(DESTDIR)$(PREFIX)/share/icons/hicolor || true
	@echo "installed $(PREFIX)/bin/planiverse, its launcher and its record types"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/planiverse $(DESTDIR)$(APPS_DIR)/planiverse.desktop $(DESTDIR)$(ICON_DIR)/planiverse.png \
	  $(DESTDIR)$(MIME_DIR)/packages/planiverse.xml
	-@command -v update-mime-database >/dev/null && [ -d $(DESTDIR)$(MIME_DIR)/packages ] && update-mime-database $(DESTDIR)$(MIME_DIR) >/dev/null 2>&1 || true
	-@command -v update-desktop-database >/dev/null && [ -d $(DESTDIR)$(APPS_DIR) ] && update-desktop-database -q $(DESTDIR)$(APPS_DIR) || true

# package: the `fyne package -os linux` bundle bin/Planiverse.tar.xz (binary, .desktop file,
# icon and a Makefile). The fyne tool is a Go tool dependency (go.mod); it reads FyneApp.toml
# and bumps its Build number, so it runs on copies in a temporary folder, packaging bin/planiverse.
PACKAGE := bin/Planiverse.tar.xz
package: build
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	mkdir "$$tmp/src" && cp FyneApp.toml Icon.png "$$tmp/src/" && \
	printf 'package main\n' > "$$tmp/src/metadata.go" && \
	$(GO) build -o "$$tmp/fyne" fyne.io/tools/cmd/fyne && \
	cp $(BIN) "$$tmp/planiverse" && \
	(cd "$$tmp" && ./fyne package -os linux --src src --exe "$$tmp/planiverse") && \
	mv "$$tmp/Planiverse.tar.xz" $(PACKAGE) && echo "package: $(PACKAGE)"

# check-package builds the bundle and a per-user install into temporary folders and checks
# that both hold the binary, the launcher (Exec=, Icon=) and the icon.
check-package: package
	bash .ci/check-package.sh $(PACKAGE) $(BIN)
