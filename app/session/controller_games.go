package session

import (
	"strings"

	"planiverse/app/i18n"
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// What the controller says about the game: names of the sides, scores,
// forced moves, messages and the result, all from the game's descriptor
// (rules.Descriptor).

// Color returns the color of seat p in the current game: 0 for the dark
// pieces (Black), 1 for the light ones (White)
// (rules.Descriptor.ColorOf: Gomoku's seats exchange colors after a swap,
// DVONN's first seat is White).
func (c *Controller) Color(p rules.Seat) rules.Color {
	return c.desc.ColorOf(c.state, p)
}

// SeatName returns the color name of seat p's side as the window shows it:
// "Black" or "White" (rules.Descriptor.SeatName).
func (c *Controller) SeatName(p rules.Seat) string {
	return c.desc.SeatName(c.state, p)
}

// PlayerName returns who plays seat p: "You", "Computer", an external
// engine's name, or "Player 1" / "Player 2" for two people at the screen
// (in the window's language).
func (c *Controller) PlayerName(p rules.Seat) string { return local(c.playerPhrase(p)) }

// playerPhrase is PlayerName as a phrase (keys "session.player.…").
func (c *Controller) playerPhrase(p rules.Seat) phrase.P {
	switch {
	case c.set.Opponent == VsPerson:
		return phrase.T("session.player.number", "Player {{.Number}}", map[string]any{"Number": int(p) + 1})
	case c.IsComputer(p):
		if cfg, ok := c.ExternalSeat(p); ok {
			return phrase.T("", cfg.Name, nil)
		}
		return phrase.T("session.player.computer", "Computer", nil)
	}
	return phrase.T("session.player.you", "You", nil)
}

// who names the player of seat p inside a sentence: "you", "the
// computer", "player 1", an engine's name (keys "session.who.…").
func (c *Controller) who(p rules.Seat) phrase.P {
	switch {
	case c.set.Opponent == VsPerson:
		return phrase.T("session.who.number", "player {{.Number}}", map[string]any{"Number": int(p) + 1})
	case c.IsComputer(p):
		if cfg, ok := c.ExternalSeat(p); ok {
			return phrase.T("", cfg.Name, nil)
		}
		return phrase.T("session.who.computer", "the computer", nil)
	}
	return phrase.T("session.who.you", "you", nil)
}

// Score returns seat p's count in the position on view (ViewState) and what it counts
// (rules.Descriptor.Score: discs, stones, pieces, points); unit is "" for a
// game without a score.
func (c *Controller) Score(p rules.Seat) (n int, unit string) {
	if c.desc.Score == nil {
		return 0, ""
	}
	return c.desc.Score(c.ViewState(), p)
}

// TurnText describes what happens now: "Black to move", "White places a
// DVONN piece", "Black wins 40–24." (in the window's language).
func (c *Controller) TurnText() string {
	if c.state == nil {
		return ""
	}
	if !c.result.IsZero() {
		return local(c.result)
	}
	return local(c.turnPhrase())
}

// turnPhrase is TurnText while the game goes on: the side to move and the
// game's action (rules.Descriptor.ActionPhrase), by default "to move".
func (c *Controller) turnPhrase() phrase.P {
	data := map[string]any{"Side": sideColor(c.SeatName(c.state.ToMove()))}
	if a := c.desc.ActionPhrase(c.state); !a.IsZero() {
		data["Action"] = a
		return phrase.T("session.turn.action", "{{.Side}} {{.Action}}", data)
	}
	return phrase.T("session.turn.toMove", "{{.Side}} to move", data)
}

// forced returns the move the controller plays by itself: a forced pass,
// or the single legal move when the game says it plays itself
// (rules.Descriptor.AutoPlay: DVONN's last placement).
func (c *Controller) forced(moves []rules.Move) (rules.Move, bool) {
	if len(moves) != 1 {
		return rules.NoMove, false
	}
	if moves[0] == rules.Pass || c.desc.AutoPlay != nil && c.desc.AutoPlay(c.state) {
		return moves[0], true
	}
	return rules.NoMove, false
}

// moveMessage returns the message for the move e just played, or the
// zero phrase.
func (c *Controller) moveMessage(e entry) phrase.P {
	who := c.SeatName(e.mover)
	switch e.move {
	case rules.Pass:
		return phrase.T("session.message.pass", "{{.Side}} has no move and passes.", map[string]any{"Side": sideColor(who)})
	case rules.Swap:
		return phrase.T("session.message.swap", "Colors swapped: Black is now played by {{.Black}}, White by {{.White}}.",
			map[string]any{"Black": c.who(e.mover), "White": c.who(e.mover.Opponent())})
	}
	return c.desc.MoveNotePhrase(c.state, rules.Played{
		Move: e.move, Text: e.text, Mover: who, Next: c.SeatName(c.state.ToMove()),
		Auto: e.auto,
	})
}

// Winner returns the seat that won the finished game; ok is false while the
// game goes on and after a draw.
func (c *Controller) Winner() (p rules.Seat, ok bool) {
	if c.resultCode != "" {
		return c.forfeit.Opponent(), true
	}
	return rules.Winner(c.state)
}

// PersonOutcome returns how the finished game went for the person playing
// against Planiverse's own computer: "won", "lost" or "drawn"; ok is false
// while the game goes on and in other matches (two people, computer
// against computer, an external engine).
func (c *Controller) PersonOutcome() (outcome string, ok bool) {
	if c.result.IsZero() || !c.Counted() {
		return "", false
	}
	switch w, won := c.Winner(); {
	case !won:
		return "drawn", true
	case w == c.set.Side:
		return "won", true
	}
	return "lost", true
}

// summary returns the result of the finished game, with who won it.
func (c *Controller) summary() phrase.P {
	data := map[string]any{"Result": c.desc.ResultPhrase(c.state)}
	winner, ok := c.Winner()
	switch {
	case !ok || c.set.Opponent != VsComputer:
		return phrase.T("session.result", "{{.Result}}.", data)
	case c.IsComputer(winner):
		return phrase.T("session.result.computer", "{{.Result}} — the computer wins.", data)
	}
	return phrase.T("session.result.you", "{{.Result}} — you win.", data)
}

// GameLine returns a one-line description of the settings of the game
// ("Gomoku · 15x15 · freestyle · swap opening"; rules.Descriptor.Describe)
// in the window's language.
func GameLine(set MatchSettings) string {
	d := set.Descriptor()
	if d == nil {
		return set.Game
	}
	parts := d.DescribePhrases(set.Options())
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = local(p)
	}
	return strings.Join(out, " · ")
}

// Specials returns the moves the person to move may make with a button
// rather than on the board (rules.Descriptor.Specials: Gomoku's Swap2
// balance), their labels in the window's language (key
// "game.<name>.special.<label's slug>"); none when no person is to move.
func (c *Controller) Specials() []rules.Special {
	if !c.PersonToMove() || c.desc.Specials == nil {
		return nil
	}
	sp := c.desc.Specials(c.state)
	for i := range sp {
		sp[i].Label = i18n.Text("game."+c.desc.Name+".special."+slug(sp[i].Label), sp[i].Label)
	}
	return sp
}

// slug is an English text as a key's last part: its first five words
// run together in camel case ("Place two more stones (balance)":
// "placeTwoMoreStonesBalance").
func slug(text string) string {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	})
	var b strings.Builder
	for i, w := range words[:min(5, len(words))] {
		if i == 0 {
			b.WriteString(strings.ToLower(w))
		} else {
			b.WriteString(strings.ToUpper(w[:1]) + strings.ToLower(w[1:]))
		}
	}
	return b.String()
}

// Counted reports whether the game counts in the person's statistics: the
// person plays against Planiverse's own computer (not two people, not
// computer against computer, not an external engine).
func (c *Controller) Counted() bool {
	if c.state == nil || c.set.Opponent != VsComputer {
		return false
	}
	_, ext := c.ExternalSeat(c.set.Side.Opponent())
	return !ext
}

// InProgress reports whether a game is going on that a new game would
// abandon: it started, is not over, and a move was made after the moves
// that set it up (DVONN's random placement).
func (c *Controller) InProgress() bool {
	return c.state != nil && c.started && !c.closed && c.result.IsZero() && len(c.hist) > c.floor
}

// Refusal returns why the move m the person tried on the board is not
// allowed in the position on view, as one sentence ("No discs to flip
// there.", "Forbidden for Black: double three."), from the position's
// rules.Refuser; "" when m is legal or the position cannot say. m may be
// the first tap of a two-tap move (dvonn.Pick, alak.Pick).
func (c *Controller) Refusal(m rules.Move) string {
	if c.state == nil {
		return ""
	}
	return local(rules.WhyPhrase(c.ViewState(), m))
}

// Refused tells the person why the board refused the move m they tried
// (Refusal), as a message until their next action; it does nothing when
// the position cannot say why or no person is to move.
func (c *Controller) Refused(m rules.Move) {
	if !c.PersonToMove() {
		return
	}
	if why := rules.WhyPhrase(c.ViewState(), m); !why.IsZero() {
		c.forget(true)
		c.say(why)
		c.changed()
	}
}
