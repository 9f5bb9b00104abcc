package session

import (
	"fmt"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Game records: the game on screen as a rules.Record (for Save, autosave,
// export) and a new game from one (Open, restore).

// Record returns the game so far as a record: its variant, every move
// (DVONN's placements and forced passes included), the players and levels
// by color, the date the game began, and the result ("" while it goes
// on).
func (c *Controller) Record() *rules.Record {
	r := &rules.Record{Game: c.set.Game, Options: c.set.Options()}
	for _, e := range c.hist {
		r.Moves = append(r.Moves, e.text)
	}
	for seat := rules.First; seat <= rules.Second; seat++ {
		col := c.Color(seat)
		r.Info.Players[col] = c.recordName(seat)
		if c.IsComputer(seat) {
			if _, ext := c.ExternalSeat(seat); !ext {
				r.Info.Levels[col] = c.LevelOf(seat)
			}
		}
	}
	r.Info.Date = c.began.Format("2006-01-02")
	r.Info.Event = "Planiverse"
	if p := ClockPresetFor(c.set.Clock); p.On() {
		r.Info.Time = p.Label
	}
	switch {
	case c.resultCode != "":
		r.Info.Result = c.resultCode
	case !c.result.IsZero():
		r.Info.Result = c.desc.ResultOf(c.state)
	}
	return r
}

// recordName is how a record names the player of seat p, in English
// whatever the window's language.
func (c *Controller) recordName(p rules.Seat) string {
	switch n := c.playerPhrase(p); n.Key {
	case "session.player.you":
		return "Player"
	case "session.player.computer":
		return fmt.Sprintf("Planiverse level %d", c.LevelOf(p))
	default:
		return n.String()
	}
}

// LoadRecord starts a new game from r with set's opponent, level and side
// (and r's game and variant). Every move is checked first: on a bad record
// it returns an error naming the move, and the game on screen stays as it
// was. A record that ended by resignation or on time ("B+R", "W+T") opens
// as a finished game. The moves count as played by their seats, so Undo
// takes them back as usual.
func (c *Controller) LoadRecord(set MatchSettings, r *rules.Record, note string) error {
	return c.loadRecord(set, r, phrase.T("", note, nil))
}

// loadRecord is LoadRecord with the note as a phrase (the zero phrase
// for none).
func (c *Controller) loadRecord(set MatchSettings, r *rules.Record, note phrase.P) error {
	set.Game = r.Game
	d := set.Descriptor()
	if d == nil {
		return rules.Errorp(rules.ErrFormat, phrase.T("error.record.unknown_game", "unknown record format: no game called {{.Game}}", map[string]any{"Game": rules.Quote(r.Game)}))
	}
	opts, err := d.Resolve(r.Options)
	if err != nil {
		return err
	}
	for k, v := range opts {
		set = set.WithOption(r.Game, k, v)
	}
	_, played, err := d.Replay(&rules.Record{Game: r.Game, Options: opts, Moves: r.Moves})
	if err != nil {
		return err
	}
	if played == nil {
		played = []rules.Move{} // newGame plays the record's moves, even none, instead of Setup
	}
	if err := c.newGame(set, played); err != nil {
		return err
	}
	if !note.IsZero() {
		c.msgs[len(c.msgs)-1].text = note
	}
	res := r.Info.Result
	if over, _ := c.state.Outcome(); !over && (strings.HasSuffix(res, "+R") || strings.HasSuffix(res, "+T")) {
		winner := 0
		if strings.HasPrefix(res, "W") {
			winner = 1
		}
		for seat := rules.First; seat <= rules.Second; seat++ {
			if int(c.Color(seat)) != winner {
				c.forfeit = seat
			}
		}
		c.resultCode = res
		data := map[string]any{"Loser": sideColor(c.SeatName(c.forfeit)), "Winner": sideColor(c.SeatName(c.forfeit.Opponent()))}
		if strings.HasSuffix(res, "+T") {
			c.result = phrase.T("session.result.lostOnTime", "{{.Loser}} lost on time: {{.Winner}} wins.", data)
		} else {
			c.result = phrase.T("session.result.resigned", "{{.Loser}} resigned: {{.Winner}} wins.", data)
		}
		c.sayResult()
		c.changed()
	}
	return nil
}
