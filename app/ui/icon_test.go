package ui

import (
	"bytes"
	"image/png"
	"os"
	"testing"
)

// TestIconInSync checks that the embedded icon is ../Icon.png, a 512x512
// PNG.
func TestIconInSync(t *testing.T) {
	data, err := os.ReadFile("../../Icon.png")
	if err != nil {
		t.Skipf("no ../Icon.png: %v", err)
	}
	if !bytes.Equal(data, iconResource.StaticContent) {
		t.Fatal("app/icon.go is not ../../Icon.png: run go run ./app/cmd/genicon from the repository root")
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 512 || cfg.Height != 512 {
		t.Fatalf("Icon.png is %dx%d, want 512x512", cfg.Width, cfg.Height)
	}
}
