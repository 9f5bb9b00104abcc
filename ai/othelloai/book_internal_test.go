package othelloai

import "testing"

// BenchmarkDecodeBook measures decoding the embedded book (it must load in
// well under 100 ms):
//
//	go test -run '^$' -bench DecodeBook ./ai/othelloai
func BenchmarkDecodeBook(b *testing.B) {
	for b.Loop() {
		if _, err := DecodeBook(bookFile); err != nil {
			b.Fatal(err)
		}
	}
}
