// Command gojsonerrors shows how HCL's JSON parser reports invalid JSON:
// every diagnostic of json.Parse (or json.ParseExpression), with the block
// context the file gives at each subject, then what the parsed body still
// holds (its attributes, their ranges and values). hcldecode's JSON parser
// in Go mode (tests/json/test_go_errors.py) is compared with what it prints.
//
// Build in GOPATH mode:
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/gojsonerrors ./tools/differential/go/gojsonerrors
//
// Usage: gojsonerrors < CASES. CASES holds cases separated by lines "====";
// the first line of a case is "file" or "expr", the rest is the JSON text
// (the newline before the separator is not part of it).
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func show(r hcl.Range) string {
	return fmt.Sprintf("%d,%d-%d,%d", r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
}

func showPtr(r *hcl.Range) string {
	if r == nil {
		return "-"
	}
	return show(*r)
}

func value(v cty.Value) string {
	if !v.IsWhollyKnown() {
		return "unknown"
	}
	b, err := ctyjson.Marshal(v, cty.DynamicPseudoType)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(b)
}

func diags(w io.Writer, prefix string, ds hcl.Diagnostics, file *hcl.File) {
	for _, d := range ds {
		where := "-"
		if file != nil && d.Subject != nil {
			if nav, ok := file.Nav.(interface{ ContextString(int) string }); ok {
				where = fmt.Sprintf("%q", nav.ContextString(d.Subject.Start.Byte))
			}
		}
		fmt.Fprintf(w, "%s %q %q %s %s %s\n", prefix, d.Summary, d.Detail, showPtr(d.Subject), showPtr(d.Context), where)
	}
}

func main() {
	data, err := io.ReadAll(bufio.NewReader(os.Stdin))
	if err != nil {
		panic(err)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for i, c := range strings.Split(string(data), "\n====\n") {
		kind, src, _ := strings.Cut(c, "\n")
		fmt.Fprintf(w, "case %d %s\n", i, kind)
		if kind == "expr" {
			expr, ds := json.ParseExpression([]byte(src), "f.json")
			diags(w, "parse", ds, nil)
			v, ds := expr.Value(nil)
			diags(w, "value", ds, nil)
			fmt.Fprintf(w, "value %s\n", value(v))
			continue
		}
		file, ds := json.Parse([]byte(src), "f.json")
		diags(w, "parse", ds, file)
		attrs, ds := file.Body.JustAttributes()
		diags(w, "attrs", ds, file)
		names := make([]string, 0, len(attrs))
		for name := range attrs {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			a := attrs[name]
			v, vds := a.Expr.Value(nil)
			fmt.Fprintf(w, "attr %q %s %s %s\n", name, show(a.NameRange), show(a.Expr.Range()), value(v))
			diags(w, "value", vds, file)
		}
	}
}
