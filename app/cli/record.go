package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"planiverse/app/internal/atomicfile"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// readRecordFile reads the game record in file (registry.ReadRecord: the
// format from the extension, the game from the content) and replays it.
// want, when not "", is the game the command line named: a record of
// another game is an error.
func readRecordFile(want, file string) (*rules.Descriptor, rules.State, *rules.Record, *rules.Format, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	r, f, err := registry.ReadRecord(file, data)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("%s: %w", file, err)
	}
	if want != "" && r.Game != want {
		return nil, nil, nil, nil, rules.Errorf(errUsage, "%s holds a %s game, not %s", file, r.Game, want)
	}
	d, err := registry.Lookup(r.Game)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	s, _, err := d.Replay(r)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("%s: %w", file, err)
	}
	return d, s, r, f, nil
}

// showRecord is show GAME --record FILE: a line about the record, then
// the final position and its status.
func showRecord(game, file string, gf *gameFlags, stdout io.Writer) error {
	if gf.moves != "" || gf.position != "" || len(gf.options()) > 0 {
		return rules.Errorf(errUsage, "--record takes the variant and the moves from the file: give no --moves, --position or game options")
	}
	d, s, r, f, err := readRecordFile(game, file)
	if err != nil {
		return err
	}
	line := fmt.Sprintf("record: %s, %s, %d plies", f.Name, d.Describe(r.Options), len(r.Moves))
	for i, p := range r.Info.Players {
		if p != "" {
			line += fmt.Sprintf(", %s %s", d.Colors[i], p)
		}
	}
	if r.Info.Result != "" {
		line += ", result " + r.Info.Result
	}
	out := s.String()
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	fmt.Fprintf(stdout, "%s\n%sstatus: %s\n", line, out, d.Status(s))
	return nil
}

// runConvert is convert IN OUT: reads the record IN and writes it to OUT
// in the format of OUT's extension, through a temporary file in OUT's
// directory and a rename.
func runConvert(args []string, stdout io.Writer) error {
	fs := newFlagSet("convert")
	pos, err := fs.parseArgs(args, "IN", "OUT")
	if err != nil {
		return err
	}
	_, _, r, _, err := readRecordFile("", pos[0])
	if err != nil {
		return err
	}
	data, err := registry.WriteRecord(pos[1], r)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[1], err)
	}
	if err := atomicfile.Write(pos[1], data); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s game, %d plies\n", pos[1], r.Game, len(r.Moves))
	return nil
}
