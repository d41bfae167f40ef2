// Command gofuncs evaluates native-syntax expressions with go-cty's standard
// library functions, under the names hcldecode's STDLIB gives them, and prints
// one JSON line per input line: the value (go-cty JSON, with its type, or
// "unknown" and the type) and the diagnostics (summary, detail, subject).
// Each input line is a JSON string holding one expression.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

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

type result struct {
	Type  json.RawMessage `json:"type,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	Error string          `json:"error,omitempty"`
	Diags [][3]string     `json:"diags"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	ctx := &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"unknown":   cty.UnknownVal(cty.String),
			"nothing":   cty.NullVal(cty.String),
			"somebytes": stdlib.BytesVal([]byte("h\u00e9llo w\u00f6rld")),
		},
		Functions: functions,
	}
	for in.Scan() {
		var src string
		if err := json.Unmarshal(in.Bytes(), &src); err != nil {
			fmt.Fprintln(out, `{"error": "bad input line"}`)
			continue
		}
		text, _ := json.Marshal(evaluate(src, ctx))
		fmt.Fprintln(out, string(text))
	}
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
	r.Diags = [][3]string{}
	for _, d := range diags {
		subject := ""
		if d.Subject != nil {
			subject = d.Subject.String()
		}
		r.Diags = append(r.Diags, [3]string{d.Summary, d.Detail, subject})
	}
	if v.Type() == stdlib.Bytes {
		r.Type = json.RawMessage(`"bytes"`)
		if v.IsKnown() {
			text, _ := json.Marshal(string(*v.EncapsulatedValue().(*[]byte)))
			r.Value = text
		} else {
			r.Value = json.RawMessage(`"unknown"`)
		}
		return r
	}
	t, _ := ctyjson.MarshalType(v.Type())
	r.Type = t
	if !v.IsWhollyKnown() {
		r.Value = json.RawMessage(`"unknown"`)
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
