// Command goedits prints, JSON-quoted, what hclwrite writes for the edits that
// hcldecode's documents make differently so that the file stays valid (see
// docs/compatibility.md, "Writing"): a heredoc set where a comment follows the
// old value, a blank line and a second attribute added to a one-line block.
package main

import (
	"encoding/json"
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

func parse(src string) *hclwrite.File {
	f, diags := hclwrite.ParseConfig([]byte(src), "<string>", hcl.InitialPos)
	if diags.HasErrors() {
		panic(diags.Error())
	}
	return f
}

func show(what string, f *hclwrite.File) {
	text, _ := json.Marshal(string(f.Bytes()))
	fmt.Printf("%s: %s\n", what, text)
}

func main() {
	heredoc := parse("z = <<EOT\nhi\nEOT\n").Body().GetAttribute("z").Expr().BuildTokens(nil)
	f := parse("a = \"x\" # c\n")
	f.Body().SetAttributeRaw("a", heredoc)
	show("heredoc after a comment", f)

	oneLine := "variable \"foo\" { default = \"bar\" }\n"
	f = parse(oneLine)
	f.Body().Blocks()[0].Body().AppendNewline()
	show("AppendNewline in a one-line block", f)

	f = parse(oneLine)
	f.Body().Blocks()[0].Body().SetAttributeValue("x", cty.NumberIntVal(1))
	show("a second attribute in a one-line block", f)
}
