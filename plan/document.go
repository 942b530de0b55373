package plan

import (
	"encoding/json"
	"io"
)

// WriteJSON writes a plan document as indented JSON with a final newline. HTML characters are
// not escaped, so `<` and `&&` in source lines read as themselves.
func WriteJSON(w io.Writer, d Document) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(d)
}
