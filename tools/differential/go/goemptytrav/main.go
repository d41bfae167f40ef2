// Command goemptytrav shows what HCL v2.14.1 does with the traversal that
// hclsyntax.ParseTraversalAbs returns after a syntax error, made into a
// ScopeTraversalExpr: the static analyses accept it (tests/model/
// test_empty_traversal.py holds what it prints).
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go run ./tools/differential/go/goemptytrav
package main

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

func main() {
	for _, src := range []string{"1x", "", "a.", "a[b]"} {
		t, d := hclsyntax.ParseTraversalAbs([]byte(src), "f", hcl.InitialPos)
		fmt.Printf("%q nil=%v len=%d diags=%v\n", src, t == nil, len(t), d)
		e := &hclsyntax.ScopeTraversalExpr{Traversal: t, SrcRange: t.SourceRange()}
		a, ad := hcl.AbsTraversalForExpr(e)
		r, rd := hcl.RelTraversalForExpr(e)
		fmt.Printf("  abs nil=%v len=%d %v\n  rel nil=%v len=%d %v\n  kw=%q range=%#v\n", a == nil, len(a), ad, r == nil, len(r), rd, hcl.ExprAsKeyword(e), e.Range())
	}
}
