#!/usr/bin/env bash
# Checks the desktop integration: the `fyne package` bundle and `make install` into a
# temporary PREFIX hold the binary, a launcher naming it with a file argument (Exec=... %f)
# and its icon (Icon=); the install also declares the record types it opens (MimeType=) in a
# well-formed shared-mime-info XML, and `make uninstall` removes them. Needs no display.
# (`fyne package` has no MimeType: the bundle's launcher only takes the file.)
# Usage: check-package.sh BUNDLE.tar.xz BINARY
set -euo pipefail
bundle=$1 bin=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-package: $*" >&2; exit 1; }
# desktop_value FILE KEY prints the value of KEY= in the [Desktop Entry] group.
desktop_value() { sed -n "s/^$2=//p" "$1" | head -n1; }
is_png_512() {
  [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || return 1
  # IHDR width and height, big-endian at bytes 16..23.
  [ "$(od -An -j16 -N8 -tu1 "$1" | tr -s ' ' | sed 's/^ //')" = "0 0 2 0 0 0 2 0" ]
}

# 1. The fyne bundle.
[ -s "$bundle" ] || fail "no bundle $bundle"
mkdir "$tmp/bundle"
tar -xJf "$bundle" -C "$tmp/bundle"
# fyne tools put everything under a folder named after the binary: planiverse/usr/local/...
desk=$(find "$tmp/bundle" -path '*/share/applications/*.desktop' | head -n1)
[ -n "$desk" ] || fail "bundle has no .desktop file"
usr=$(dirname "$(dirname "$(dirname "$desk")")")
root=$(dirname "$usr"); [ "$(basename "$usr")" = local ] && root=$(dirname "$root")
exec_line=$(desktop_value "$desk" Exec); icon=$(desktop_value "$desk" Icon)
[ "$exec_line" = "planiverse %f" ] || fail "bundle launcher Exec=$exec_line, want planiverse %f"
exe=${exec_line%% *}
[ -x "$usr/bin/$exe" ] || fail "bundle has no executable usr/.../bin/$exe"
cmp -s "$usr/bin/$exe" "$bin" || fail "bundle binary differs from $bin"
[ "$icon" = net.planiverse.app ] || fail "bundle launcher Icon=$icon, want net.planiverse.app"
is_png_512 "$usr/share/pixmaps/$icon.png" || fail "bundle icon share/pixmaps/$icon.png missing or not a 512x512 PNG"
[ "$(desktop_value "$desk" Name)" = Planiverse ] || fail "bundle launcher Name is not Planiverse"
[ -f "$root/Makefile" ] || fail "bundle has no Makefile beside usr/"
echo "check-package: bundle $bundle: Exec=$exec_line Icon=$icon, binary and icon present"

# 2. make install / uninstall into a temporary PREFIX.
prefix=$tmp/prefix
make --no-print-directory -s install PREFIX="$prefix" >/dev/null
desk=$prefix/share/applications/planiverse.desktop
[ -f "$desk" ] || fail "make install wrote no $desk"
exec_line=$(desktop_value "$desk" Exec); icon=$(desktop_value "$desk" Icon)
[ "$exec_line" = "$prefix/bin/planiverse %f" ] || fail "installed launcher Exec=$exec_line, want $prefix/bin/planiverse %f"
exe=${exec_line%% *}
[ -x "$exe" ] || fail "installed binary $exe is not executable"
cmp -s "$exe" "$bin" || fail "installed binary differs from $bin"
[ "$icon" = planiverse ] || fail "installed launcher Icon=$icon, want planiverse"
is_png_512 "$prefix/share/icons/hicolor/512x512/apps/planiverse.png" || fail "installed icon missing or not a 512x512 PNG"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$desk"; fi
# The record types: MimeType= lists application/x-go-sgf and every type of the XML, which is
# well-formed and gives each a glob.
xml=$prefix/share/mime/packages/planiverse.xml
[ -f "$xml" ] || fail "make install wrote no $xml"
if command -v xmllint >/dev/null; then
  xmllint --noout "$xml" || fail "$xml is not well-formed"
elif command -v python3 >/dev/null; then
  python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$xml" || fail "$xml is not well-formed"
else
  grep -q '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">' "$xml" && grep -q '</mime-info>' "$xml" ||
    fail "$xml is not a shared-mime-info file"
fi
mimetypes=$(desktop_value "$desk" MimeType)
case ";$mimetypes" in *";application/x-go-sgf;"*) ;; *) fail "installed launcher MimeType=$mimetypes lacks application/x-go-sgf" ;; esac
declared=$(sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' "$xml")
[ "$(grep -c '<glob pattern=' "$xml")" = "$(printf '%s\n' "$declared" | wc -l)" ] || fail "$xml: not one glob per type"
for t in $declared; do
  case ";$mimetypes" in *";$t;"*) ;; *) fail "installed launcher MimeType=$mimetypes lacks $t of $xml" ;; esac
done
if command -v update-mime-database >/dev/null; then
  grep -q ':\*\.sgf$' "$prefix/share/mime/globs2" 2>/dev/null || fail "update-mime-database did not register *.sgf in $prefix/share/mime"
fi
make --no-print-directory -s uninstall PREFIX="$prefix" >/dev/null
for f in bin/planiverse share/applications/planiverse.desktop share/icons/hicolor/512x512/apps/planiverse.png \
  share/mime/packages/planiverse.xml; do
  [ ! -e "$prefix/$f" ] || fail "make uninstall left $prefix/$f"
done
echo "check-package: make install/uninstall into a temporary PREFIX: Exec=$prefix/bin/planiverse %f Icon=planiverse MimeType=$mimetypes"
