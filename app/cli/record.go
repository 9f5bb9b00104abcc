package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"planiverse/app/internal/atomicfile"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/rules/sgf"
)

// recordFile is a game record read from a file and replayed.
type recordFile struct {
	d      *rules.Descriptor // the record's game
	s      rules.State       // the position after the record's moves
	record *rules.Record
	format *rules.Format // the format the file was read in
	data   []byte        // the file's bytes
}

// readRecordFile reads the game record in file (at most
// registry.MaxRecordBytes; registry.ReadRecord: the format from the
// extension, the game from the content) and replays it. want, when not
// "", is the game the command line named: only that game's format reads
// the file (its error is the one reported), and a record of another game
// is an error.
func readRecordFile(want, file string) (recordFile, error) {
	data, err := readFile(file)
	if err != nil {
		return recordFile{}, err
	}
	var r *rules.Record
	var f *rules.Format
	if want != "" {
		if _, err := registry.Lookup(want); err != nil {
			return recordFile{}, err
		}
		r, f, err = registry.ReadGameRecord(want, file, data)
	} else {
		r, f, err = registry.ReadRecord(file, data)
	}
	if err != nil {
		if errors.Is(err, registry.ErrOtherGame) {
			return recordFile{}, rules.Errorf(errUsage, "%s", err.Error())
		}
		return recordFile{}, fmt.Errorf("%s: %w", file, err)
	}
	d, err := registry.Lookup(r.Game)
	if err != nil {
		return recordFile{}, err
	}
	s, _, err := d.Replay(r)
	if err != nil {
		return recordFile{}, fmt.Errorf("%s: %w", file, err)
	}
	return recordFile{d: d, s: s, record: r, format: f, data: data}, nil
}

// showRecord is show GAME --record FILE: a line about the record, then
// the final position and its status.
func showRecord(game, file string, gf *gameFlags, stdout io.Writer) error {
	if gf.moves != "" || gf.position != "" || len(gf.options()) > 0 {
		return rules.Errorf(errUsage, "--record takes the variant and the moves from the file: give no --moves, --position or game options")
	}
	rf, err := readRecordFile(game, file)
	if err != nil {
		return err
	}
	d, s, r, f := rf.d, rf.s, rf.record, rf.format
	line := fmt.Sprintf("record: %s, %s, %d plies", f.Name, d.Describe(r.Options), len(r.Moves))
	for i, p := range r.Info.Players {
		if p != "" {
			line += fmt.Sprintf(", %s %s", d.Colors[i], rules.Printable(p))
		}
	}
	if r.Info.Result != "" {
		line += ", result " + rules.Printable(r.Info.Result)
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
// directory and a rename (atomicfile.Write: a replaced file keeps its
// mode, a symbolic link is never replaced). An existing OUT, IN itself
// included, is replaced only with --force; without it the last step is
// exclusive (atomicfile.WriteNew), so of two converts racing to one OUT
// exactly one writes it and the other fails with "exists". OUT is never
// replaced when it is a symbolic link or read-only. When OUT's format cannot hold something IN
// has (player names, a date, variations, comments...), convert refuses
// and names what would be dropped, unless --lossy: then it writes and
// lists what it dropped.
func runConvert(args []string, stdout io.Writer) error {
	fs := newFlagSet("convert")
	force := fs.Bool("force", false, "replace OUT when it exists (never a symbolic link or a read-only file; the file keeps its mode)")
	lossy := fs.Bool("lossy", false, "write even when OUT's format cannot hold everything IN has (player names, date, result, variations, comments); what is dropped is listed")
	pos, err := fs.parseArgs(args, "IN", "OUT")
	if err != nil {
		return err
	}
	in, out := pos[0], pos[1]
	if err := checkConvertTarget(in, out, *force); err != nil {
		return err
	}
	rf, err := readRecordFile("", in)
	if err != nil {
		return err
	}
	r, data := rf.record, rf.data
	written, err := registry.WriteRecord(out, r)
	if err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	dropped := convertLosses(in, data, out, written, r)
	if len(dropped) > 0 && !*lossy {
		return fmt.Errorf("%s cannot hold the %s of %s; nothing written (give --lossy to drop them)", rules.Quote(filepath.Base(out)), joinWords(dropped), rules.Quote(filepath.Base(in)))
	}
	convertWriting()
	write := atomicfile.WriteNew // exclusive: another convert may have made OUT since the check
	if *force {
		write = atomicfile.Write
	}
	if err := write(out, written); err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("OUT %s exists; give --force to replace it", rules.Quote(out))
		}
		return err
	}
	fmt.Fprintf(stdout, "%s: %s game, %d plies\n", out, r.Game, len(r.Moves))
	if len(dropped) > 0 {
		fmt.Fprintf(stdout, "%s: dropped the %s\n", out, joinWords(dropped))
	}
	return nil
}

// convertWriting is called by convert after its checks, just before it
// writes OUT; tests replace it to write OUT in between.
var convertWriting = func() {}

// checkConvertTarget returns the error convert gives before reading
// anything when out may not be written: it exists and force is not given
// (in and out the same file saying so), or it is a symbolic link, a
// read-only file or not a plain file.
func checkConvertTarget(in, out string, force bool) error {
	ofi, err := os.Lstat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case ofi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("OUT %s is a symbolic link; convert never replaces one (name the file it points to)", rules.Quote(out))
	case !ofi.Mode().IsRegular():
		return fmt.Errorf("OUT %s is not a plain file", rules.Quote(out))
	case ofi.Mode().Perm()&0o200 == 0:
		return fmt.Errorf("OUT %s is read-only; convert does not replace it", rules.Quote(out))
	}
	if force {
		return nil
	}
	if ifi, err := os.Stat(in); err == nil && os.SameFile(ifi, ofi) {
		return fmt.Errorf("IN and OUT are the same file %s; give --force to rewrite it", rules.Quote(out))
	}
	return fmt.Errorf("OUT %s exists; give --force to replace it", rules.Quote(out))
}

// convertLosses lists, in words, what the record r read from in (its
// bytes inData) holds that written, r in out's format, does not: SGF's
// variations and comments (sgf.Extras), and each record field that does
// not read back the same.
func convertLosses(in string, inData []byte, out string, written []byte, r *rules.Record) []string {
	var lost []string
	if strings.EqualFold(filepath.Ext(in), ".sgf") {
		lost = append(lost, sgf.Extras(inData)...)
	}
	back, _, err := registry.ReadRecord(out, written)
	if err != nil {
		return append(lost, "record (it does not read back: "+err.Error()+")")
	}
	a, b := r.Info, back.Info
	check := func(what string, had, has any, empty bool) {
		if !empty && had != has && !slices.Contains(lost, what) {
			lost = append(lost, what)
		}
	}
	check("player names", a.Players, b.Players, a.Players == [2]string{})
	check("computer levels", a.Levels, b.Levels, a.Levels == [2]int{})
	check("date", a.Date, b.Date, a.Date == "")
	check("result", a.Result, b.Result, a.Result == "")
	check("event", a.Event, b.Event, a.Event == "")
	check("place", a.Place, b.Place, a.Place == "")
	check("game comment", a.Comment, b.Comment, a.Comment == "")
	check("time control", a.Time, b.Time, a.Time == "")
	check("moves", strings.Join(r.Moves, " "), strings.Join(back.Moves, " "), len(r.Moves) == 0)
	return lost
}

// joinWords joins words for a sentence: "a", "a and b", "a, b and c".
func joinWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
