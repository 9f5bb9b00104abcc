// Package ui is Planiverse's window: the board and its panel, the menus
// and dialogs (new game, engines, statistics, help, the lessons), files
// and autosave, preferences, sound and the icon, over the game session.
//
// It may import Fyne, widgets, ai, rules and the Fyne-free packages of
// app/ (app/protocol, app/internal); nothing in app/ but package main
// imports it.
package ui
