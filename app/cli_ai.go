package main

import (
	"fmt"
	"io"
)

// The AI commands; the ai issue replaces these.

func runBestmove(args []string, stdout io.Writer) error {
	return fmt.Errorf("bestmove is not built yet")
}

func runSolve(args []string, stdout io.Writer) error {
	return fmt.Errorf("solve is not built yet")
}

func runSelfplay(args []string, stdout io.Writer) error {
	return fmt.Errorf("selfplay is not built yet")
}
