// Command godynblock expands the dynamic blocks of configurations (JSON syntax
// when the text starts with "{", native syntax otherwise)
// with HCL's ext/dynblock and decodes them with an hcldec spec, printing one
// JSON line per input line: the value (go-cty JSON, with its type, or
// "unknown"), the diagnostics (summary, detail, subject), and the variables
// that dynblock.VariablesHCLDec and ExpandVariablesHCLDec find.
//
// Each input line is a JSON object: "config" (the file's text), "schema" (a
// tree: "attrs" maps names to type names; "blocks" maps block types to
// {"kind": "list"|"set"|"tuple"|"map"|"object"|"single", "labels": [names],
// "schema": tree}) and "vars" (names to expressions, evaluated without
// variables; the expression "unknown" is an unknown value of any type).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/dynblock"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type schema struct {
	Attrs  map[string]string       `json:"attrs"`
	Blocks map[string]*blockSchema `json:"blocks"`
}

type blockSchema struct {
	Kind   string   `json:"kind"`
	Labels []string `json:"labels"`
	Schema schema   `json:"schema"`
}

type input struct {
	Config string            `json:"config"`
	Schema schema            `json:"schema"`
	Vars   map[string]string `json:"vars"`
}

type result struct {
	Type       json.RawMessage `json:"type,omitempty"`
	Value      json.RawMessage `json:"value,omitempty"`
	Error      string          `json:"error,omitempty"`
	Diags      [][3]string     `json:"diags"`
	Variables  []string        `json:"variables"`
	ExpandVars []string        `json:"expand_variables"`
}

var types = map[string]cty.Type{
	"any": cty.DynamicPseudoType, "string": cty.String, "number": cty.Number,
	"bool": cty.Bool, "list(string)": cty.List(cty.String),
}

func specFor(s schema, labels []string) hcldec.Spec {
	obj := hcldec.ObjectSpec{}
	for name, ty := range s.Attrs {
		obj[name] = &hcldec.AttrSpec{Name: name, Type: types[ty]}
	}
	for i, label := range labels {
		obj["label_"+label] = &hcldec.BlockLabelSpec{Index: i, Name: label}
	}
	for name, b := range s.Blocks {
		switch b.Kind {
		case "list":
			obj[name] = &hcldec.BlockListSpec{TypeName: name, Nested: specFor(b.Schema, b.Labels)}
		case "set":
			obj[name] = &hcldec.BlockSetSpec{TypeName: name, Nested: specFor(b.Schema, b.Labels)}
		case "tuple":
			obj[name] = &hcldec.BlockTupleSpec{TypeName: name, Nested: specFor(b.Schema, b.Labels)}
		case "map":
			obj[name] = &hcldec.BlockMapSpec{TypeName: name, LabelNames: b.Labels, Nested: specFor(b.Schema, nil)}
		case "object":
			obj[name] = &hcldec.BlockObjectSpec{TypeName: name, LabelNames: b.Labels, Nested: specFor(b.Schema, nil)}
		default:
			obj[name] = &hcldec.BlockSpec{TypeName: name, Nested: specFor(b.Schema, b.Labels)}
		}
	}
	return obj
}

func traversals(ts []hcl.Traversal) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, fmt.Sprintf("%s@%s", t.RootName(), t.SourceRange()))
	}
	sort.Strings(out)
	return out
}

func run(in input) (r result) {
	defer func() {
		if p := recover(); p != nil {
			r = result{Error: fmt.Sprintf("panic: %v", p)}
		}
	}()
	var file *hcl.File
	var diags hcl.Diagnostics
	if strings.HasPrefix(in.Config, "{") {
		file, diags = hcljson.Parse([]byte(in.Config), "t.hcl.json")
	} else {
		file, diags = hclsyntax.ParseConfig([]byte(in.Config), "t.hcl", hcl.Pos{Line: 1, Column: 1})
	}
	if diags.HasErrors() {
		return result{Error: "parse: " + diags.Error()}
	}
	vars := map[string]cty.Value{}
	for name, src := range in.Vars {
		if src == "unknown" {
			vars[name] = cty.DynamicVal
			continue
		}
		expr, _ := hclsyntax.ParseExpression([]byte(src), "vars", hcl.Pos{Line: 1, Column: 1})
		vars[name], _ = expr.Value(nil)
	}
	ctx := &hcl.EvalContext{Variables: vars}
	spec := specFor(in.Schema, nil)
	r.Variables = traversals(dynblock.VariablesHCLDec(file.Body, spec))
	r.ExpandVars = traversals(dynblock.ExpandVariablesHCLDec(file.Body, spec))
	v, diags := hcldec.Decode(dynblock.Expand(file.Body, ctx), spec, ctx)
	r.Diags = [][3]string{}
	for _, d := range diags {
		subject := ""
		if d.Subject != nil {
			subject = d.Subject.String()
		}
		r.Diags = append(r.Diags, [3]string{d.Summary, d.Detail, subject})
	}
	t, _ := ctyjson.MarshalType(v.Type())
	r.Type = t
	if !v.IsWhollyKnown() {
		r.Value = json.RawMessage(`"unknown"`)
		return r
	}
	value, err := ctyjson.Marshal(v, v.Type())
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Value = value
	return r
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var item input
		if err := json.Unmarshal(in.Bytes(), &item); err != nil {
			fmt.Fprintln(out, `{"error": "bad input line"}`)
			continue
		}
		text, _ := json.Marshal(run(item))
		fmt.Fprintln(out, string(text))
	}
}
