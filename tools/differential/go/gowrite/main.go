// Command gowrite prints, for each line of its input, the native-syntax text
// that HCL's hclwrite.TokensForValue writes for a value. Each input line is a
// JSON object {"type": <cty JSON type>, "value": <cty JSON value>}; each output
// line is the text, JSON-quoted, or an error message starting with "!".
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2/hclwrite"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type item struct {
	Type  json.RawMessage `json:"type"`
	Value json.RawMessage `json:"value"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		fmt.Fprintln(out, one(in.Bytes()))
	}
}

func one(line []byte) (result string) {
	defer func() {
		if r := recover(); r != nil {
			result = fmt.Sprintf("!panic: %v", r)
		}
	}()
	var it item
	if err := json.Unmarshal(line, &it); err != nil {
		return "!" + err.Error()
	}
	ty, err := ctyjson.UnmarshalType(it.Type)
	if err != nil {
		return "!" + err.Error()
	}
	val, err := ctyjson.Unmarshal(it.Value, ty)
	if err != nil {
		return "!" + err.Error()
	}
	text, _ := json.Marshal(string(hclwrite.TokensForValue(val).Bytes()))
	return string(text)
}
