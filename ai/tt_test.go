package ai

import (
	"testing"
	"unsafe"

	"planiverse/rules"
)

// TestTTEntrySize checks that a slot is 16 bytes, so that a bucket of two
// stays within one cache line.
func TestTTEntrySize(t *testing.T) {
	if n := unsafe.Sizeof(ttEntry{}); n != 16 {
		t.Fatalf("ttEntry is %d bytes, want 16", n)
	}
}

// TestTTStoreProbe stores and probes entries: a stored result comes back
// with its score counted from the probing ply, a key of the same bucket
// with other high bits is not found, and a shallower result of the same
// search does not replace a deeper one unless it is exact.
func TestTTStoreProbe(t *testing.T) {
	tt := newTransTable(1)
	const key uint64 = 0x1234_5678_0000_0042
	tt.store(key, 5, 3, WinScore-10, boundLower, rules.Move(7))
	e, ok := tt.probe(key)
	if !ok || e.move != 7 || e.depth != 5 || e.bound != boundLower {
		t.Fatalf("probe = %+v, %v", e, ok)
	}
	// A win 7 plies below a node at ply 3 is a win 7 plies below the same
	// position met at ply 1.
	if got := fromTT(e.score, 1); got != WinScore-8 {
		t.Errorf("score from ply 1 = %d, want %d", got, WinScore-8)
	}
	other := key ^ uint64(1)<<40 // same bucket, other check bits
	if _, ok := tt.probe(other); ok {
		t.Error("a key with other high bits was found")
	}
	tt.store(key, 3, 3, 100, boundUpper, rules.NoMove)
	if e, _ := tt.probe(key); e.depth != 5 {
		t.Errorf("a shallower bound replaced the deeper entry: %+v", e)
	}
	tt.store(key, 3, 3, 100, boundExact, rules.NoMove)
	if e, _ := tt.probe(key); e.depth != 3 || e.bound != boundExact || e.move != 7 {
		t.Errorf("an exact result did not replace the entry (keeping its move): %+v", e)
	}
	tt.store(other, 4, 0, 50, boundExact, rules.Move(9))
	if e, ok := tt.probe(other); !ok || e.move != 9 {
		t.Errorf("the bucket's second slot: %+v, %v", e, ok)
	}
	if _, ok := tt.probe(key); !ok {
		t.Error("the first slot was lost to the second key")
	}
}
