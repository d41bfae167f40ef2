// Command gohcltest prints what HCL's hcltest mocks report for a few fixed
// cases, one line per diagnostic or value: the expected outputs of
// tests/test_testing_kit.py (hcldecode.testing). Build it in GOPATH mode:
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/gohcltest ./tools/differential/go/gohcltest
package main

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcltest"
	"github.com/zclconf/go-cty/cty"
)

func show(name string, diags hcl.Diagnostics) {
	for _, d := range diags {
		subject := "<nil>"
		if d.Subject != nil {
			subject = d.Subject.String()
		}
		fmt.Printf("%s: %s | %s | %s\n", name, d.Summary, d.Detail, subject)
	}
}

func main() {
	where := hcl.Range{Filename: "main.hcl", Start: hcl.Pos{Line: 3, Column: 1, Byte: 1}, End: hcl.Pos{Line: 3, Column: 2, Byte: 2}}
	body := hcltest.MockBody(&hcl.BodyContent{
		Attributes: hcltest.MockAttrs(map[string]hcl.Expression{
			"nme": hcltest.MockExprLiteral(cty.StringVal("web")),
		}),
		Blocks: hcl.Blocks{
			{Type: "listener", Body: hcltest.MockBody(&hcl.BodyContent{})},
			{Type: "listner", Labels: []string{"http"}, Body: hcltest.MockBody(&hcl.BodyContent{})},
		},
		MissingItemRange: where,
	})
	schema := &hcl.BodySchema{
		Attributes: []hcl.AttributeSchema{{Name: "name", Required: true}, {Name: "port"}},
		Blocks:     []hcl.BlockHeaderSchema{{Type: "listener", LabelNames: []string{"protocol"}}},
	}
	_, diags := body.Content(schema)
	show("content", diags)
	_, diags = body.JustAttributes()
	show("just_attributes", diags)

	v, diags := hcltest.MockExprVariable("port").Value(nil)
	fmt.Printf("variable: %#v\n", v)
	show("variable", diags)

	expr := hcltest.MockExprTraversalSrc("var.ports[1]")
	fmt.Printf("traversal: %s\n", expr.Range())
	for _, step := range expr.Variables()[0] {
		fmt.Printf("traversal step: %s\n", step.SourceRange())
	}
	lit := hcltest.MockExprLiteral(cty.StringVal("x"))
	fmt.Printf("literal: %s\n", lit.Range())
	_, diags = hcl.ExprList(lit)
	show("literal expr_list", diags)
	_, diags = hcl.AbsTraversalForExpr(lit)
	show("literal traversal", diags)
	fmt.Printf("attrs: %s\n", hcltest.MockAttrs(map[string]hcl.Expression{"a": lit})["a"].NameRange)
	fmt.Printf("list: %s %#v\n", hcltest.MockExprList(nil).Range(), must(hcltest.MockExprList(nil).Value(nil)))
}

func must(v cty.Value, _ hcl.Diagnostics) cty.Value { return v }
