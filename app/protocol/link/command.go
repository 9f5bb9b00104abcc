package link

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// CheckCommand reports whether the program of an engine's command line
// (as StartProc runs it) exists and may be run: the command's first word,
// or with "env" the first word after env's options and NAME=value
// settings. A name without a slash is looked up in PATH, "~/" is the home
// folder; a word the shell would expand ($, `, *, ?) is not checked. The
// error names the program.
func CheckCommand(command string) error {
	prog := programWord(shellWords(command))
	if prog == "" {
		if strings.TrimSpace(command) == "" {
			return rules.Errorp(nil, phrase.T("error.engine.command_empty", "the command is empty", nil))
		}
		return nil
	}
	if strings.ContainsAny(prog, "$`*?[") {
		return nil
	}
	if rest, ok := strings.CutPrefix(prog, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			prog = filepath.Join(home, rest)
		}
	}
	if !strings.Contains(prog, "/") {
		if _, err := exec.LookPath(prog); err != nil {
			return rules.Errorp(nil, phrase.T("error.engine.not_in_path", "program {{.Program}} not found in PATH", map[string]any{"Program": rules.Quote(prog)}))
		}
		return nil
	}
	fi, err := os.Stat(prog)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return rules.Errorp(nil, phrase.T("error.engine.not_found", "program {{.Program}} not found", map[string]any{"Program": rules.Quote(prog)}))
	case err != nil:
		return err
	case fi.IsDir():
		return rules.Errorp(nil, phrase.T("error.engine.folder", "program {{.Program}} is a folder", map[string]any{"Program": rules.Quote(prog)}))
	case runtime.GOOS != "windows" && fi.Mode()&0o111 == 0:
		return rules.Errorp(nil, phrase.T("error.engine.not_executable", "program {{.Program}} is not executable (chmod +x)", map[string]any{"Program": rules.Quote(prog)}))
	}
	return nil
}

// programWord returns the program among the command's first words:
// the first, or the first after env's options and settings.
func programWord(words []string) string {
	if len(words) == 0 {
		return ""
	}
	if words[0] != "env" {
		return words[0]
	}
	for _, w := range words[1:] {
		if !strings.HasPrefix(w, "-") && !strings.Contains(w, "=") {
			return w
		}
	}
	return ""
}

// shellWords splits the start of a shell command into words, with the
// shell's quotes and backslashes, up to the first unquoted operator
// (| ; & < > ( ) or a newline).
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	in := false // a word has begun
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				w.WriteByte(s[i])
			}
			in = true
		case c == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
			in = true
		case strings.IndexByte("|;&<>()\n", c) >= 0:
			if in {
				words = append(words, w.String())
			}
			return words
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}
