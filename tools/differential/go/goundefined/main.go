// Command goundefined evaluates configurations with an EvalContext whose
// UndefinedVariable hook is set, as Nomad's jobspec2 does, and prints one
// JSON line per input line: the value of each top-level attribute (go-cty
// JSON, with its type, or "unknown" with the type), the diagnostics
// (summary, detail, subject) and the traversals the hook was called with.
//
// HCL v2.14.1 has no EvalContext.UndefinedVariable: it exists only in
// Nomad's fork of HCL (branches nomad-v2.*+tweaks of hashicorp/hcl). Build
// this program against Debian's HCL with the fork's two commits applied
// (see build.sh beside it).
//
// Each input line is a JSON object: "config" (the file's text; JSON syntax
// when it starts with "{"), "hook" ("text": the string "${" + traversal
// + "}"; "unknown": an unknown string; "diag": an error "Runtime value"),
// "vars" (names to expressions evaluated without variables) and "dynamic"
// (true: expand dynamic blocks and decode the body with the fixed spec
// below instead of reading its attributes).
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

type input struct {
	Config  string            `json:"config"`
	Hook    string            `json:"hook"`
	Vars    map[string]string `json:"vars"`
	Dynamic bool              `json:"dynamic"`
}

type result struct {
	Values map[string]json.RawMessage `json:"values"`
	Diags  [][3]string                `json:"diags"`
	Calls  []string                   `json:"calls"`
}

// The spec of "dynamic" inputs: group "name" { count = string, meta { any = string } }.
var groupSpec = &hcldec.ObjectSpec{
	"group": &hcldec.BlockListSpec{
		TypeName: "group",
		Nested: &hcldec.ObjectSpec{
			"name":  &hcldec.BlockLabelSpec{Index: 0, Name: "name"},
			"count": &hcldec.AttrSpec{Name: "count", Type: cty.String},
			"meta":  &hcldec.BlockAttrsSpec{TypeName: "meta", ElementType: cty.String},
		},
	},
}

func traversalText(t hcl.Traversal) string {
	var b strings.Builder
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			if s.Key.Type() == cty.String {
				fmt.Fprintf(&b, "[%q]", s.Key.AsString())
			} else {
				fmt.Fprintf(&b, "[%s]", s.Key.AsBigFloat().Text('f', -1))
			}
		}
	}
	return b.String()
}

func encode(v cty.Value) json.RawMessage {
	if !v.IsWhollyKnown() {
		ty, _ := ctyjson.MarshalType(v.Type())
		out, _ := json.Marshal(map[string]json.RawMessage{"unknown": ty})
		return out
	}
	out, err := ctyjson.Marshal(v, cty.DynamicPseudoType)
	if err != nil {
		out, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return out
}

func run(in input) result {
	res := result{Values: map[string]json.RawMessage{}, Diags: [][3]string{}, Calls: []string{}}
	var file *hcl.File
	var diags hcl.Diagnostics
	if strings.HasPrefix(strings.TrimSpace(in.Config), "{") {
		file, diags = hcljson.Parse([]byte(in.Config), "t.json")
	} else {
		file, diags = hclsyntax.ParseConfig([]byte(in.Config), "t.hcl", hcl.InitialPos)
	}
	vars := map[string]cty.Value{}
	for name, src := range in.Vars {
		expr, _ := hclsyntax.ParseExpression([]byte(src), "var", hcl.InitialPos)
		vars[name], _ = expr.Value(nil)
	}
	ctx := &hcl.EvalContext{Variables: vars}
	if in.Vars == nil {
		ctx.Variables = nil
	}
	ctx.UndefinedVariable = func(t hcl.Traversal) (cty.Value, hcl.Diagnostics) {
		text := traversalText(t)
		res.Calls = append(res.Calls, text+" "+t.SourceRange().String())
		switch in.Hook {
		case "unknown":
			return cty.UnknownVal(cty.String), nil
		case "diag":
			return cty.DynamicVal, hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "Runtime value",
				Detail:   fmt.Sprintf("%s is only known when the job runs.", text),
				Subject:  t.SourceRange().Ptr(),
			}}
		}
		return cty.StringVal("${" + text + "}"), nil
	}
	if file != nil {
		if in.Dynamic {
			body := dynblock.Expand(file.Body, ctx)
			val, more := hcldec.Decode(body, groupSpec, ctx)
			diags = append(diags, more...)
			res.Values["_"] = encode(val)
		} else {
			attrs, more := file.Body.JustAttributes()
			diags = append(diags, more...)
			names := make([]string, 0, len(attrs))
			for name := range attrs {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				val, more := attrs[name].Expr.Value(ctx)
				diags = append(diags, more...)
				res.Values[name] = encode(val)
			}
		}
	}
	for _, d := range diags {
		subject := ""
		if d.Subject != nil {
			subject = d.Subject.String()
		}
		res.Diags = append(res.Diags, [3]string{d.Summary, d.Detail, subject})
	}
	return res
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	out := json.NewEncoder(os.Stdout)
	for scanner.Scan() {
		var in input
		if err := json.Unmarshal(scanner.Bytes(), &in); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		if err := out.Encode(run(in)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
}
