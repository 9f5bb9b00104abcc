package phrase

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
)

// A phrase in JSON, for a file that keeps it (an analyzed record's
// judgments): an object of the key, the English templates, the count and
// the named arguments,
//
//	{"key":"explain.othello.corner","other":"{{.Move}} gives {{.Opponent}} the corner {{.Square}}.",
//	 "data":{"Move":"b2","Opponent":{"p":{"key":"color.white","other":"White"}},"Square":"a1"}}
//
// "one" and "count" are left out when empty or 0, and so is "data" when
// there are no arguments. An argument is a JSON string (a string), a JSON
// whole number (an int), or an object of one member that names its type:
// {"p":{...}} a nested phrase, {"n":{"x":2.5,"decimals":1,"sign":true,
// "percent":false}} a Number, {"f":2.5} a float64. Reading refuses
// unknown members, other argument types, whole numbers beyond int, a
// Number with more than MaxDecimals decimals and phrases nested deeper
// than MaxDepth, with an error.

// MaxDepth is the deepest nesting of phrases in arguments that JSON
// reading accepts (the phrases of the games nest two deep).
const MaxDepth = 8

// MaxDecimals is the most decimals of a Number that JSON reading accepts.
const MaxDecimals = 9

// jsonP is P's JSON object.
type jsonP struct {
	Key   string                     `json:"key"`
	One   string                     `json:"one,omitempty"`
	Other string                     `json:"other"`
	Count int                        `json:"count,omitempty"`
	Data  map[string]json.RawMessage `json:"data,omitempty"`
}

// jsonNumber is Number's JSON object.
type jsonNumber struct {
	X        float64 `json:"x"`
	Decimals int     `json:"decimals,omitempty"`
	Sign     bool    `json:"sign,omitempty"`
	Percent  bool    `json:"percent,omitempty"`
}

// MarshalJSON writes p as JSON (see MaxDepth's section). It returns an
// error for an argument that is not a string, an integer, a float, a P or
// a Number, and for a float that is not finite.
func (p P) MarshalJSON() ([]byte, error) {
	j := jsonP{Key: p.Key, One: p.One, Other: p.Other, Count: p.Count}
	if len(p.Data) > 0 {
		j.Data = make(map[string]json.RawMessage, len(p.Data))
		for k, v := range p.Data {
			b, err := marshalArg(v)
			if err != nil {
				return nil, fmt.Errorf("phrase %q, argument %s: %w", p.Key, k, err)
			}
			j.Data[k] = b
		}
	}
	return json.Marshal(j)
}

// marshalArg writes one argument of a phrase.
func marshalArg(v any) ([]byte, error) {
	switch x := v.(type) {
	case string:
		return json.Marshal(x)
	case P:
		return json.Marshal(map[string]P{"p": x})
	case Number:
		if math.IsNaN(x.X) || math.IsInf(x.X, 0) {
			return nil, errors.New("a number that is not finite")
		}
		return json.Marshal(map[string]jsonNumber{"n": {X: x.X, Decimals: x.Decimals, Sign: x.Sign, Percent: x.Percent}})
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return json.Marshal(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if rv.Uint() > math.MaxInt {
			return nil, fmt.Errorf("the whole number %d is beyond int", rv.Uint())
		}
		return json.Marshal(rv.Uint())
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, errors.New("a number that is not finite")
		}
		return json.Marshal(map[string]float64{"f": f})
	}
	return nil, fmt.Errorf("an argument of type %T has no JSON form", v)
}

// UnmarshalJSON reads p from JSON written by MarshalJSON. Malformed
// input, unknown members and argument types are errors (see MaxDepth's
// section); p is left unchanged then.
func (p *P) UnmarshalJSON(data []byte) error {
	q, err := unmarshalP(data, 0)
	if err != nil {
		return fmt.Errorf("phrase: %w", err)
	}
	*p = q
	return nil
}

// decodeStrict decodes data into v, refusing unknown members and
// anything after the value.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more after the value")
	}
	return nil
}

func unmarshalP(data []byte, depth int) (P, error) {
	if depth > MaxDepth {
		return P{}, fmt.Errorf("phrases nested deeper than %d", MaxDepth)
	}
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return P{}, errors.New("null, not a phrase")
	}
	var j jsonP
	if err := decodeStrict(data, &j); err != nil {
		return P{}, err
	}
	p := P{Key: j.Key, One: j.One, Other: j.Other, Count: j.Count}
	if len(j.Data) > 0 {
		p.Data = make(map[string]any, len(j.Data))
		for k, raw := range j.Data {
			v, err := unmarshalArg(raw, depth)
			if err != nil {
				return P{}, fmt.Errorf("argument %s: %w", k, err)
			}
			p.Data[k] = v
		}
	}
	return p, nil
}

// unmarshalArg reads one argument of a phrase at nesting depth.
func unmarshalArg(raw json.RawMessage, depth int) (any, error) {
	var v any
	if err := decodeStrict(raw, &v); err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		var n int
		if err := json.Unmarshal(raw, &n); err != nil {
			return nil, fmt.Errorf("%s is not a whole number within int (a float is {\"f\":...})", x)
		}
		return n, nil
	case map[string]any:
		if len(x) != 1 {
			return nil, fmt.Errorf("an object of %d members, want one of \"p\", \"n\" or \"f\"", len(x))
		}
		var typed map[string]json.RawMessage
		if err := json.Unmarshal(raw, &typed); err != nil {
			return nil, err
		}
		switch {
		case typed["p"] != nil:
			return unmarshalP(typed["p"], depth+1)
		case typed["n"] != nil:
			var n jsonNumber
			if err := decodeStrict(typed["n"], &n); err != nil {
				return nil, fmt.Errorf("number: %w", err)
			}
			if n.Decimals < 0 || n.Decimals > MaxDecimals {
				return nil, fmt.Errorf("number: %d decimals, want 0 to %d", n.Decimals, MaxDecimals)
			}
			return Number{X: n.X, Decimals: n.Decimals, Sign: n.Sign, Percent: n.Percent}, nil
		case typed["f"] != nil:
			var f float64
			if err := json.Unmarshal(typed["f"], &f); err != nil {
				return nil, fmt.Errorf("float: %w", err)
			}
			return f, nil
		}
		return nil, errors.New("an object without \"p\", \"n\" or \"f\"")
	}
	return nil, fmt.Errorf("a JSON %s has no argument type", jsonKind(v))
}

// jsonKind names the JSON type of a decoded value, for an error.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case []any:
		return "array"
	}
	return fmt.Sprintf("%T", v)
}
