// Command planiverse is a desktop program for four abstract strategy games,
// DVONN, Othello, Gomoku and Alak, played against the computer or a friend.
//
// With no arguments it opens the window (app/ui). With a command it runs
// headless (app/cli): "planiverse help" lists the commands, "planiverse
// help COMMAND" shows one command's flags. Bad input prints one line on
// stderr and exits with status 2; without a display to open the window on,
// it prints one line and exits with status 1.
package main

import (
	"fmt"
	"os"

	_ "planiverse/ai/games" // registers the games' AI knowledge
	"planiverse/app/cli"
	"planiverse/app/ui"
)

func main() {
	if len(os.Args) > 1 {
		os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	if err := ui.CheckDisplay(); err != nil {
		fmt.Fprintf(os.Stderr, "planiverse: %v; use the CLI commands (planiverse help) or set DISPLAY\n", err)
		os.Exit(1)
	}
	ui.Run()
}
