// Command gomarks evaluates native-syntax expressions whose variables carry
// go-cty marks, with go-cty's standard library functions under the names
// hcldecode's STDLIB gives them, and prints one JSON line per input line:
// "marked" (the result) and "unmarked" (the result with the variables
// unmarked), each giving the
// value deeply unmarked (go-cty JSON, with its type, or "unknown" and the
// type), where the marks were (UnmarkDeepWithPaths: each path as text and
// its marks, sorted) and the diagnostics' summaries. Each input line is a
// JSON string holding one expression.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

var functions = map[string]function.Function{
	"add":                    stdlib.AddFunc,
	"and":                    stdlib.AndFunc,
	"divide":                 stdlib.DivideFunc,
	"equal":                  stdlib.EqualFunc,
	"greaterthan":            stdlib.GreaterThanFunc,
	"greaterthanorequalto":   stdlib.GreaterThanOrEqualToFunc,
	"lessthan":               stdlib.LessThanFunc,
	"lessthanorequalto":      stdlib.LessThanOrEqualToFunc,
	"modulo":                 stdlib.ModuloFunc,
	"multiply":               stdlib.MultiplyFunc,
	"negate":                 stdlib.NegateFunc,
	"not":                    stdlib.NotFunc,
	"notequal":               stdlib.NotEqualFunc,
	"or":                     stdlib.OrFunc,
	"subtract":               stdlib.SubtractFunc,
	"timeadd":                stdlib.TimeAddFunc,
	"abs":                    stdlib.AbsoluteFunc,
	"ceil":                   stdlib.CeilFunc,
	"chunklist":              stdlib.ChunklistFunc,
	"flatten":                stdlib.FlattenFunc,
	"format":                 stdlib.FormatFunc,
	"formatlist":             stdlib.FormatListFunc,
	"floor":                  stdlib.FloorFunc,
	"formatdate":             stdlib.FormatDateFunc,
	"log":                    stdlib.LogFunc,
	"parseint":               stdlib.ParseIntFunc,
	"pow":                    stdlib.PowFunc,
	"range":                  stdlib.RangeFunc,
	"regex":                  stdlib.RegexFunc,
	"regexall":               stdlib.RegexAllFunc,
	"regex_replace":          stdlib.RegexReplaceFunc,
	"replace":                stdlib.ReplaceFunc,
	"sethaselement":          stdlib.SetHasElementFunc,
	"setintersection":        stdlib.SetIntersectionFunc,
	"setsubtract":            stdlib.SetSubtractFunc,
	"setsymmetricdifference": stdlib.SetSymmetricDifferenceFunc,
	"setunion":               stdlib.SetUnionFunc,
	"signum":                 stdlib.SignumFunc,
	"coalescelist":           stdlib.CoalesceListFunc,
	"compact":                stdlib.CompactFunc,
	"contains":               stdlib.ContainsFunc,
	"distinct":               stdlib.DistinctFunc,
	"element":                stdlib.ElementFunc,
	"keys":                   stdlib.KeysFunc,
	"lookup":                 stdlib.LookupFunc,
	"merge":                  stdlib.MergeFunc,
	"reverse":                stdlib.ReverseListFunc,
	"values":                 stdlib.ValuesFunc,
	"chomp":                  stdlib.ChompFunc,
	"coalesce":               stdlib.CoalesceFunc,
	"csvdecode":              stdlib.CSVDecodeFunc,
	"concat":                 stdlib.ConcatFunc,
	"hasindex":               stdlib.HasIndexFunc,
	"indent":                 stdlib.IndentFunc,
	"int":                    stdlib.IntFunc,
	"join":                   stdlib.JoinFunc,
	"jsondecode":             stdlib.JSONDecodeFunc,
	"jsonencode":             stdlib.JSONEncodeFunc,
	"length":                 stdlib.LengthFunc,
	"lower":                  stdlib.LowerFunc,
	"max":                    stdlib.MaxFunc,
	"min":                    stdlib.MinFunc,
	"slice":                  stdlib.SliceFunc,
	"sort":                   stdlib.SortFunc,
	"split":                  stdlib.SplitFunc,
	"strlen":                 stdlib.StrlenFunc,
	"strrev":                 stdlib.ReverseFunc,
	"substr":                 stdlib.SubstrFunc,
	"title":                  stdlib.TitleFunc,
	"trim":                   stdlib.TrimFunc,
	"trimprefix":             stdlib.TrimPrefixFunc,
	"trimspace":              stdlib.TrimSpaceFunc,
	"trimsuffix":             stdlib.TrimSuffixFunc,
	"tobool":                 stdlib.MakeToFunc(cty.Bool),
	"tolist":                 stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
	"tomap":                  stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
	"tonumber":               stdlib.MakeToFunc(cty.Number),
	"toset":                  stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
	"tostring":               stdlib.MakeToFunc(cty.String),
	"upper":                  stdlib.UpperFunc,
	"zipmap":                 stdlib.ZipmapFunc,
	"index":                  stdlib.IndexFunc,
	"setproduct":             stdlib.SetProductFunc,
	"byteslen":               stdlib.BytesLenFunc,
	"bytesslice":             stdlib.BytesSliceFunc,
}

type pathMarks struct {
	Path  string   `json:"path"`
	Marks []string `json:"marks"`
}

type result struct {
	Type  json.RawMessage `json:"type,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	Marks []pathMarks     `json:"marks"`
	Error string          `json:"error,omitempty"`
	Diags []string        `json:"diags"`
}

// line is what is printed for one expression: the result with the marked
// variables, and with the same variables unmarked.
type line struct {
	Marked   result `json:"marked"`
	Unmarked result `json:"unmarked"`
}

// Variables is the evaluation context's variables; tools/differential/differential_marks.py
// builds the same ones.
func variables() map[string]cty.Value {
	return map[string]cty.Value{
		"s":  cty.StringVal("secret").Mark("sensitive"),
		"p":  cty.StringVal("plain"),
		"n":  cty.NumberIntVal(5).Mark("n"),
		"k":  cty.NumberIntVal(1),
		"f":  cty.True.Mark("b"),
		"l":  cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b").Mark("sensitive"), cty.StringVal("c")}),
		"ml": cty.ListVal([]cty.Value{cty.StringVal("x"), cty.StringVal("y")}).Mark("l"),
		"nl": cty.ListVal([]cty.Value{cty.NumberIntVal(3), cty.NumberIntVal(1).Mark("n"), cty.NumberIntVal(2)}),
		"o": cty.ObjectVal(map[string]cty.Value{
			"a": cty.StringVal("x").Mark("sensitive"),
			"b": cty.NumberIntVal(2),
			"c": cty.ListVal([]cty.Value{cty.StringVal("z").Mark("deep")}),
		}),
		"mo": cty.ObjectVal(map[string]cty.Value{
			"a": cty.StringVal("q"),
			"b": cty.NumberIntVal(7).Mark("n"),
		}).Mark("o"),
		"m": cty.MapVal(map[string]cty.Value{
			"k1": cty.StringVal("v1"),
			"k2": cty.StringVal("v2").Mark("m"),
		}),
		"t":  cty.TupleVal([]cty.Value{cty.NumberIntVal(1), cty.StringVal("two").Mark("t"), cty.True}),
		"z":  cty.NullVal(cty.String).Mark("z"),
		"un": cty.UnknownVal(cty.String).Mark("u"),
	}
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	ctx := &hcl.EvalContext{Variables: variables(), Functions: functions}
	plain := &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: functions}
	for name, v := range ctx.Variables {
		plain.Variables[name], _ = v.UnmarkDeep()
	}
	for in.Scan() {
		var src string
		if err := json.Unmarshal(in.Bytes(), &src); err != nil {
			fmt.Fprintln(out, `{"error": "bad input line"}`)
			continue
		}
		text, _ := json.Marshal(line{evaluate(src, ctx), evaluate(src, plain)})
		fmt.Fprintln(out, string(text))
	}
}

func pathText(path cty.Path) string {
	var b strings.Builder
	for _, step := range path {
		switch s := step.(type) {
		case cty.GetAttrStep:
			b.WriteString("." + s.Name)
		case cty.IndexStep:
			if s.Key.Type() == cty.String {
				fmt.Fprintf(&b, "[%q]", s.Key.AsString())
			} else if s.Key.Type() == cty.Number {
				b.WriteString("[" + s.Key.AsBigFloat().Text('f', -1) + "]")
			} else {
				b.WriteString("[?]")
			}
		}
	}
	return b.String()
}

func evaluate(src string, ctx *hcl.EvalContext) (r result) {
	defer func() {
		if p := recover(); p != nil {
			r = result{Error: fmt.Sprintf("panic: %v", p)}
		}
	}()
	expr, diags := hclsyntax.ParseExpression([]byte(src), "t.hcl", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		return result{Error: "parse: " + diags.Error()}
	}
	v, diags := expr.Value(ctx)
	r.Diags = []string{}
	for _, d := range diags {
		r.Diags = append(r.Diags, d.Summary)
	}
	v, pvm := v.UnmarkDeepWithPaths()
	r.Marks = []pathMarks{}
	for _, pm := range pvm {
		marks := []string{}
		for m := range pm.Marks {
			marks = append(marks, fmt.Sprint(m))
		}
		sort.Strings(marks)
		r.Marks = append(r.Marks, pathMarks{pathText(pm.Path), marks})
	}
	sort.Slice(r.Marks, func(i, j int) bool { return r.Marks[i].Path < r.Marks[j].Path })
	t, _ := ctyjson.MarshalType(v.Type())
	r.Type = t
	if !v.IsWhollyKnown() {
		r.Value = json.RawMessage(`"unknown"`)
		return r
	}
	if v.Type() == stdlib.Bytes {
		r.Value = json.RawMessage(`"bytes"`)
		return r
	}
	if v.Type() == cty.Number && !v.IsNull() && v.AsBigFloat().IsInf() {
		r.Value = json.RawMessage(fmt.Sprintf("%q", v.AsBigFloat().String()))
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
