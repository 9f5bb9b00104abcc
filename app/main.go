// Command planiverse is a desktop program for four abstract strategy games,
// DVONN, Othello, Gomoku and Alak, played against the computer or a friend.
//
// With no arguments it opens the window (app/ui). "planiverse FILE" opens
// a game record in the window, and the start options ("planiverse --game
// othello --level 0 --you white --clock none") open it on a new game
// without the New game dialog (app/session/startopts). With a command it
// runs headless (app/cli): "planiverse help" lists the commands,
// "planiverse help COMMAND" shows one command's flags. Bad input prints one
// line on stderr and exits with status 2, before any window opens; without
// a display to open the window on, it prints one line and exits with
// status 1.
package main

import (
	"fmt"
	"os"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/cli"
	"planiverse/app/session/startopts"
	"planiverse/app/ui"
)

func main() {
	ai.Use(games.Knowledge())
	args := os.Args[1:]
	if !startopts.Wants(args, cli.IsCommand) {
		os.Exit(cli.Run(args, os.Stdout, os.Stderr))
	}
	start, code := startopts.Read(args, os.Stderr)
	if code != 0 {
		os.Exit(code)
	}
	if err := ui.CheckDisplay(); err != nil {
		fmt.Fprintf(os.Stderr, "planiverse: %v; use the CLI commands (planiverse help) or set DISPLAY\n", err)
		os.Exit(1)
	}
	ui.Run(start)
}
