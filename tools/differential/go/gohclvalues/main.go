// Command gohclvalues decodes one configuration file with gohcl into a fixed
// Go struct and prints each diagnostic (summary, detail, subject, context),
// one per line. It shows what gohcl reports for values that do not fit their
// fields, beside hcldecode's class decoding (docs/compatibility.md).
//
// Build in GOPATH mode:
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/gohclvalues ./tools/differential/go/gohclvalues
//
// Usage: gohclvalues FILE (a name ending in .json is read as JSON).
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclparse"
)

// Point is an object value: its fields are cty attributes.
type Point struct {
	X int `cty:"x"`
}

// Fields has one optional attribute of each shape that hcldecode's tests use.
type Fields struct {
	Int       int              `hcl:"i,optional"`
	Ints      []int            `hcl:"ints,optional"`
	Bools     []bool           `hcl:"bools,optional"`
	Strings   []string         `hcl:"strings,optional"`
	Nested    [][]int          `hcl:"nested,optional"`
	ByName    map[string]int   `hcl:"by_name,optional"`
	Point     Point            `hcl:"point,optional"`
	Points    []Point          `hcl:"points,optional"`
	PointsMap map[string]Point `hcl:"points_map,optional"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gohclvalues FILE")
		os.Exit(2)
	}
	name := os.Args[1]
	src, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	parser := hclparse.NewParser()
	var file *hcl.File
	var diags hcl.Diagnostics
	if strings.HasSuffix(name, ".json") {
		file, diags = parser.ParseJSON(src, name)
	} else {
		file, diags = parser.ParseHCL(src, name)
	}
	if !diags.HasErrors() {
		var fields Fields
		diags = append(diags, gohcl.DecodeBody(file.Body, nil, &fields)...)
	}
	for _, d := range diags {
		fmt.Printf("%s | %s | %v | %v\n", d.Summary, d.Detail, d.Subject, d.Context)
	}
}
