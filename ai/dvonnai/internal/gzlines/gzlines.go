// Package gzlines reads the gzipped game files of package dvonnai's tools
// and tests (testdata/engine-games.txt.gz, the boardspace games).
package gzlines

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"strings"
)

// Read returns the lines of the gzipped text file at path (lines up to
// 1 MB).
func Read(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var lines []string
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lines, nil
}

// Games returns the games of the gzipped file of move lines at path, one
// line each, without comment (#) and blank lines.
func Games(path string) ([]string, error) {
	lines, err := Read(path)
	if err != nil {
		return nil, err
	}
	var games []string
	for _, line := range lines {
		if !strings.HasPrefix(line, "#") && strings.TrimSpace(line) != "" {
			games = append(games, line)
		}
	}
	return games, nil
}
