// Command planiverse is a desktop program for four abstract strategy games,
// DVONN, Othello, Gomoku and Alak, played against the computer or a friend.
//
// With no arguments it opens the window. With a command it runs headless:
//
//	planiverse show  GAME [--rules R] [--size N] [--opening O] [--moves "M1 M2 ..."]
//	planiverse perft GAME DEPTH [same options]
//	planiverse bestmove GAME [options] [--level N|max | --time-ms T | --depth D]
//	planiverse solve othello FILE
//	planiverse selfplay GAME --a LEVEL --b LEVEL --games N
//
// Bad input prints one line on stderr and exits with status 2.
package main

import (
	"os"

	_ "planiverse/ai/games" // registers the four games' AI knowledge
)

func main() {
	engineStdin = os.Stdin
	if len(os.Args) > 1 {
		os.Exit(runCLI(os.Args[1:], os.Stdout, os.Stderr))
	}
	runGUI()
}
