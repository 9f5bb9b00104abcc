package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"planiverse/app/internal/atomicfile"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// analyzeJSON is one line of analyze --json: one move's analysis.
type analyzeJSON struct {
	Ply       int           `json:"ply"`
	Side      string        `json:"side"`
	Move      string        `json:"move"`
	Best      string        `json:"best"`
	Value     float64       `json:"value"`
	BestValue float64       `json:"best_value"`
	ValueText string        `json:"value_text"`
	BestText  string        `json:"best_text"`
	Loss      float64       `json:"loss"`
	Unit      string        `json:"unit"`
	Class     quality.Class `json:"class"`
	Exact     bool          `json:"exact"`
	Forced    bool          `json:"forced,omitempty"`
	// Why is the sentence on why a mistake or worse falls short
	// (quality.Move.Why).
	Why string `json:"why,omitempty"`
}

// runAnalyze is analyze GAME --record FILE: judges every move of the
// record (package quality) and prints the report, or with --json one JSON
// object per move; --sgf OUT also writes the record with the analysis in
// SGF's annotation properties and each judgment whole in the private PQ
// (quality.Report.SGF); OUT is checked to be a new file in a
// folder that can be written before the analysis runs.
func runAnalyze(args []string, stdout io.Writer) error {
	fset := newFlagSet("analyze")
	record := fset.String("record", "", "the game record to analyze (by extension: ."+strings.Join(registry.Extensions(), ", .")+")")
	timeMS := fset.rangeVar("time-ms", quality.DefaultTime.Milliseconds(), 1, maxTimeMS, "search time of each position in milliseconds (a move takes up to two)")
	depth := fset.rangeVar("depth", 0, 0, 60, "search each position to this many plies instead of by time (0: by time); the report is then reproducible")
	asJSON := fset.Bool("json", false, "print one JSON object per move, one per line")
	sgfOut := fset.String("sgf", "", "also write the record with the analysis in SGF's annotation properties to this new file (.sgf)")
	pos, err := fset.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	if *record == "" {
		return rules.Errorf(errUsage, "missing --record FILE")
	}
	if *sgfOut != "" {
		if !strings.EqualFold(strings.TrimPrefix(fileExt(*sgfOut), "."), "sgf") {
			return rules.Errorf(errUsage, "--sgf %s: want a file name ending in .sgf", rules.Quote(*sgfOut))
		}
		if _, err := os.Stat(*sgfOut); err == nil {
			return fmt.Errorf("--sgf %s: the file exists; give a new file name", rules.Quote(*sgfOut))
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("--sgf %s: %w", rules.Quote(*sgfOut), err)
		}
		if err := checkWritable(*sgfOut); err != nil {
			return fmt.Errorf("--sgf %s: %w", rules.Quote(*sgfOut), err)
		}
	}
	rf, err := readRecordFile(pos[0], *record)
	if err != nil {
		return err
	}
	d, rec, f := rf.d, rf.record, rf.format
	opts := quality.Options{Time: time.Duration(timeMS.val) * time.Millisecond, Depth: int(depth.val)}
	if depth.given && depth.val > 0 {
		opts.Time = 0
	}
	a := quality.New(d, opts)
	rep, err := a.Game(context.Background(), rec, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", *record, err)
	}
	if *asJSON {
		err = writeAnalysisJSON(stdout, rep)
	} else {
		writeAnalysisText(stdout, d, rec, f, rep)
	}
	if err != nil || *sgfOut == "" {
		return err
	}
	data, err := rep.SGF(rec)
	if err != nil {
		return fmt.Errorf("--sgf %s: %w", rules.Quote(*sgfOut), err)
	}
	return atomicfile.Write(*sgfOut, data)
}

// checkWritable reports whether a new file name can be written, before
// the work whose result it is to hold: its folder exists and takes a
// file (one is created and removed there). The error says which.
func checkWritable(name string) error {
	dir := filepath.Dir(name)
	if fi, err := os.Stat(dir); err != nil {
		return fmt.Errorf("the folder %s cannot be used: %w", rules.Quote(dir), err)
	} else if !fi.IsDir() {
		return fmt.Errorf("%s is not a folder", rules.Quote(dir))
	}
	f, err := os.CreateTemp(dir, ".planiverse-check-*")
	if err != nil {
		return fmt.Errorf("the folder %s cannot be written: %w", rules.Quote(dir), err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// fileExt is name's extension with its dot, "" for none.
func fileExt(name string) string {
	i := strings.LastIndexAny(name, "./\\")
	if i < 0 || name[i] != '.' {
		return ""
	}
	return name[i:]
}

func writeAnalysisJSON(w io.Writer, rep *quality.Report) error {
	enc := json.NewEncoder(w)
	sc := rep.Scale
	for _, m := range rep.Moves {
		line := analyzeJSON{Ply: m.Ply, Side: m.Color, Move: m.Move, Best: m.Best,
			Value: round2(sc.Number(m.Value)), BestValue: round2(sc.Number(m.BestValue)),
			ValueText: sc.Text(m.Value), BestText: sc.Text(m.BestValue),
			Loss: round2(m.Loss), Unit: m.Unit, Class: m.Class, Exact: m.Value.Exact && m.BestValue.Exact, Forced: m.Forced, Why: m.Why}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	return nil
}

// round2 rounds x to two decimals.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

func writeAnalysisText(w io.Writer, d *rules.Descriptor, rec *rules.Record, f *rules.Format, rep *quality.Report) {
	sc := rep.Scale
	fmt.Fprintf(w, "record: %s, %s, %d plies; values for the mover, losses in %s\n", f.Name, d.Describe(rec.Options), len(rec.Moves), sc.LossUnit())
	fmt.Fprintf(w, "%4s  %-6s %-6s %-11s %-6s %-11s %7s  %s\n", "ply", "side", "move", "value", "best", "best value", "loss", "class")
	for _, m := range rep.Moves {
		class := m.Class.String()
		if m.Forced {
			class += " (forced)"
		}
		if m.Why != "" {
			class += ": " + m.Why
		}
		fmt.Fprintf(w, "%4d  %-6s %-6s %-11s %-6s %-11s %7.1f  %s\n", m.Ply, m.Color, m.Move, sc.Text(m.Value), m.Best, sc.Text(m.BestValue), m.Loss, class)
	}
	for _, s := range rep.Sides {
		var parts []string
		for c := range quality.NumClasses {
			parts = append(parts, c.Count(s.Counts[c]))
		}
		fmt.Fprintf(w, "%s: %s; accuracy %.1f%%, mean loss %.2f %s\n", s.Color, strings.Join(parts, ", "), s.Accuracy, s.MeanLoss, sc.LossUnit())
	}
}
