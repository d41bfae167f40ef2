// Command gostatic runs HCL's static analyses (hcl.ExprList, ExprMap,
// ExprCall, AbsTraversalForExpr, RelTraversalForExpr, ExprAsKeyword) and
// gohcl.DecodeExpression on expressions read from standard input, and prints
// what each gives: the result and every diagnostic (summary, detail,
// subject, context). hcldecode's tests of the same analyses
// (tests/model/test_static_go.py) and of decode_expression
// (tests/decoding/test_decode_expression_go.py) hold what it prints.
//
// Build in GOPATH mode:
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/gostatic ./tools/differential/go/gostatic
//
// Usage: gostatic < CASES. Each line of CASES is KIND SYNTAX EXPRESSION,
// separated by single spaces: KIND is list, map, call, abs, rel, keyword or
// decode:TYPE (TYPE one of the names in decoders below); SYNTAX is hcl or
// json; EXPRESSION is the expression's text (for json, a JSON value). Empty
// lines and lines starting with # are skipped. Expressions are evaluated
// with the variables known = "x", num = 1, unk (an unknown string) and
// obj = {a = "b"}.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
)

func ctx() *hcl.EvalContext {
	return &hcl.EvalContext{Variables: map[string]cty.Value{
		"known": cty.StringVal("x"),
		"num":   cty.NumberIntVal(1),
		"unk":   cty.UnknownVal(cty.String),
		"obj":   cty.ObjectVal(map[string]cty.Value{"a": cty.StringVal("b")}),
	}}
}

// decoders decode into one Go type each and print the result.
var decoders = map[string]func(hcl.Expression) (string, hcl.Diagnostics){
	"string": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v string
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return fmt.Sprintf("%q", v), d
	},
	"*string": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v *string
		d := gohcl.DecodeExpression(e, ctx(), &v)
		if v == nil {
			return "nil", d
		}
		return fmt.Sprintf("%q", *v), d
	},
	"int": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v int
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return fmt.Sprint(v), d
	},
	"float64": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v float64
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return fmt.Sprint(v), d
	},
	"bool": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v bool
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return fmt.Sprint(v), d
	},
	"[]int": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v []int
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return fmt.Sprint(v), d
	},
	"[][]int": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v [][]int
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return fmt.Sprint(v), d
	},
	"[]string": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v []string
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return fmt.Sprintf("%q", v), d
	},
	"map[string]string": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v map[string]string
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return fmt.Sprintf("%q", v), d
	},
	"cty.Value": func(e hcl.Expression) (string, hcl.Diagnostics) {
		var v cty.Value
		d := gohcl.DecodeExpression(e, ctx(), &v)
		return v.GoString(), d
	},
}

func show(r hcl.Range) string {
	return fmt.Sprintf("%d,%d-%d,%d", r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
}

func showPtr(r *hcl.Range) string {
	if r == nil {
		return "-"
	}
	return show(*r)
}

func traversal(t hcl.Traversal) string {
	if t == nil {
		return "nil"
	}
	parts := []string{}
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			parts = append(parts, "root:"+s.Name)
		case hcl.TraverseAttr:
			parts = append(parts, "attr:"+s.Name)
		case hcl.TraverseIndex:
			parts = append(parts, "index:"+s.Key.GoString())
		default:
			parts = append(parts, fmt.Sprintf("%T", s))
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func run(kind string, expr hcl.Expression) (string, hcl.Diagnostics) {
	switch kind {
	case "list":
		l, d := hcl.ExprList(expr)
		return fmt.Sprintf("%d items", len(l)), d
	case "map":
		m, d := hcl.ExprMap(expr)
		return fmt.Sprintf("%d pairs", len(m)), d
	case "call":
		c, d := hcl.ExprCall(expr)
		if c == nil {
			return "nil", d
		}
		return fmt.Sprintf("%s/%d", c.Name, len(c.Arguments)), d
	case "abs":
		t, d := hcl.AbsTraversalForExpr(expr)
		return traversal(t), d
	case "rel":
		t, d := hcl.RelTraversalForExpr(expr)
		return traversal(t), d
	case "keyword":
		return fmt.Sprintf("%q", hcl.ExprAsKeyword(expr)), nil
	}
	if strings.HasPrefix(kind, "decode:") {
		if decode, ok := decoders[strings.TrimPrefix(kind, "decode:")]; ok {
			return decode(expr)
		}
	}
	fmt.Fprintln(os.Stderr, "unknown kind", kind)
	os.Exit(2)
	return "", nil
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		line := scanner.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.SplitN(line, " ", 3)
		kind, syntax, src := fields[0], fields[1], fields[2]
		var expr hcl.Expression
		var diags hcl.Diagnostics
		if syntax == "json" {
			expr, diags = json.ParseExpression([]byte(src), "f")
		} else {
			expr, diags = hclsyntax.ParseExpression([]byte(src), "f", hcl.InitialPos)
		}
		fmt.Println(line)
		if diags.HasErrors() {
			fmt.Println("  parse error:", diags.Error())
			continue
		}
		result, found := run(kind, expr)
		fmt.Println("  =", result)
		for _, d := range found {
			fmt.Printf("  %s | %s | %s | %s\n", d.Summary, d.Detail, showPtr(d.Subject), showPtr(d.Context))
		}
	}
}
