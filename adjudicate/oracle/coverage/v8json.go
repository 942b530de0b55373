package coverage

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// This file is a small JSON reader specialised to the shape NODE_V8_COVERAGE writes. A run's
// files are mostly Node internals and dependencies; encoding/json validates and decodes all of
// it by reflection, which made reading coverage a visible share of a fast oracle's run. Here the
// top level is scanned once, each script's url read, and only the functions of scripts under the
// root decoded, without reflection. The source-map-cache, small and irregular, still goes
// through encoding/json. Malformed input is an error naming the byte offset.

// v8Scanner reads one JSON document from b.
type v8Scanner struct {
	b []byte
	i int
}

func (s *v8Scanner) errorf(format string, a ...any) error {
	return fmt.Errorf("V8 coverage JSON, byte %d: %s", s.i, fmt.Sprintf(format, a...))
}

func (s *v8Scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// peek skips whitespace and returns the next byte (0 at the end).
func (s *v8Scanner) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *v8Scanner) expect(c byte) error {
	if s.peek() != c {
		return s.errorf("want %q", c)
	}
	s.i++
	return nil
}

// str reads a string; escapes are decoded through strconv only when present.
func (s *v8Scanner) str() (string, error) {
	if err := s.expect('"'); err != nil {
		return "", err
	}
	start := s.i
	escaped := false
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case '\\':
			escaped = true
			s.i += 2
			continue
		case '"':
			raw := s.b[start:s.i]
			s.i++
			if !escaped {
				return string(raw), nil
			}
			var out string
			if err := json.Unmarshal(s.b[start-1:s.i], &out); err != nil {
				return "", s.errorf("bad string: %v", err)
			}
			return out, nil
		}
		s.i++
	}
	return "", s.errorf("unterminated string")
}

// number reads a JSON number as an int (V8's offsets and counts are integers; a fraction or
// exponent, which V8 never writes, is parsed as a float and truncated).
func (s *v8Scanner) number() (int, error) {
	s.ws()
	start := s.i
	n, neg, simple := 0, false, true
	if s.i < len(s.b) && s.b[s.i] == '-' {
		neg = true
		s.i++
	}
	for s.i < len(s.b) {
		c := s.b[s.i]
		if c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
			s.i++
			continue
		}
		if c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' {
			simple = false
			s.i++
			continue
		}
		break
	}
	if s.i == start || (neg && s.i == start+1) {
		return 0, s.errorf("want a number")
	}
	if !simple {
		f, err := strconv.ParseFloat(string(s.b[start:s.i]), 64)
		if err != nil {
			return 0, s.errorf("bad number %q", s.b[start:s.i])
		}
		return int(f), nil
	}
	if neg {
		n = -n
	}
	return n, nil
}

// skip skips one value of any kind.
func (s *v8Scanner) skip() error {
	switch c := s.peek(); c {
	case '"':
		_, err := s.str()
		return err
	case '{', '[':
		depth := 0
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case '"':
				if _, err := s.str(); err != nil {
					return err
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.i++
					return nil
				}
			}
			s.i++
		}
		return s.errorf("unterminated %q", c)
	case 't', 'f', 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if len(s.b)-s.i >= len(lit) && string(s.b[s.i:s.i+len(lit)]) == lit {
				s.i += len(lit)
				return nil
			}
		}
		return s.errorf("bad literal")
	default:
		_, err := s.number()
		return err
	}
}

// object calls field for each key of an object; field must consume the value.
func (s *v8Scanner) object(field func(key string) error) error {
	if err := s.expect('{'); err != nil {
		return err
	}
	if s.peek() == '}' {
		s.i++
		return nil
	}
	for {
		key, err := s.str()
		if err != nil {
			return err
		}
		if err := s.expect(':'); err != nil {
			return err
		}
		if err := field(key); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.i++
		case '}':
			s.i++
			return nil
		default:
			return s.errorf("want ',' or '}'")
		}
	}
}

// array calls elem for each element of an array; elem must consume it.
func (s *v8Scanner) array(elem func() error) error {
	if err := s.expect('['); err != nil {
		return err
	}
	if s.peek() == ']' {
		s.i++
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.i++
		case ']':
			s.i++
			return nil
		default:
			return s.errorf("want ',' or ']'")
		}
	}
}

// rawScript is a script of the result array with its functions not yet decoded.
type rawScript struct {
	url        string
	start, end int // the functions array's bytes
}

// scanV8 reads the top level of a coverage file: every script's url and where its functions
// are, and the source-map-cache.
func scanV8(b []byte) ([]rawScript, map[string]v8MapEntry, error) {
	s := &v8Scanner{b: b}
	var scripts []rawScript
	var cache map[string]v8MapEntry
	err := s.object(func(key string) error {
		switch key {
		case "result":
			return s.array(func() error {
				var rs rawScript
				err := s.object(func(key string) error {
					switch key {
					case "url":
						if s.peek() == 'n' {
							return s.skip()
						}
						u, err := s.str()
						rs.url = u
						return err
					case "functions":
						s.ws()
						rs.start = s.i
						err := s.skip()
						rs.end = s.i
						return err
					}
					return s.skip()
				})
				scripts = append(scripts, rs)
				return err
			})
		case "source-map-cache":
			s.ws()
			start := s.i
			if err := s.skip(); err != nil {
				return err
			}
			if err := json.Unmarshal(b[start:s.i], &cache); err != nil {
				return fmt.Errorf("V8 coverage source-map-cache: %w", err)
			}
			return nil
		}
		return s.skip()
	})
	if err != nil {
		return nil, nil, err
	}
	if s.peek() != 0 {
		return nil, nil, s.errorf("data after the coverage object")
	}
	return scripts, cache, nil
}

// scanFunctions decodes one script's functions array.
func scanFunctions(b []byte) ([]v8Function, error) {
	if len(b) == 0 {
		return nil, nil
	}
	s := &v8Scanner{b: b}
	var fns []v8Function
	err := s.array(func() error {
		var fn v8Function
		err := s.object(func(key string) error {
			switch key {
			case "functionName":
				name, err := s.str()
				fn.FunctionName = name
				return err
			case "isBlockCoverage":
				switch s.peek() {
				case 't':
					fn.IsBlockCoverage = true
				case 'f':
				default:
					return s.errorf("isBlockCoverage is not a boolean")
				}
				return s.skip()
			case "ranges":
				return s.array(func() error {
					var r v8Range
					err := s.object(func(key string) error {
						var err error
						switch key {
						case "startOffset":
							r.Start, err = s.number()
						case "endOffset":
							r.End, err = s.number()
						case "count":
							r.Count, err = s.number()
						default:
							err = s.skip()
						}
						return err
					})
					fn.Ranges = append(fn.Ranges, r)
					return err
				})
			}
			return s.skip()
		})
		fns = append(fns, fn)
		return err
	})
	return fns, err
}
