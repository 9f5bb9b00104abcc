//go:build !unix

package atomicfile

// watchSignals does nothing where there are no Unix signals; it returns
// a stop function that does nothing either.
func watchSignals(cleanup func()) (stop func()) { return func() {} }
