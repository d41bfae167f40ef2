// Command goreadfile prints what hclparse.Parser's ParseHCLFile and
// ParseJSONFile report for each path given (a file that cannot be read,
// say): summary, detail and subject of each diagnostic, and whether a file
// was returned. tests/decoding/test_read_errors_go.py holds what it prints.
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go run ./tools/differential/go/goreadfile PATH...
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
)

func main() {
	for _, name := range os.Args[1:] {
		parser := hclparse.NewParser()
		var file *hcl.File
		var diags hcl.Diagnostics
		if strings.HasSuffix(name, ".json") {
			file, diags = parser.ParseJSONFile(name)
		} else {
			file, diags = parser.ParseHCLFile(name)
		}
		fmt.Printf("%s file=%v\n", name, file != nil)
		for _, d := range diags {
			fmt.Printf("  %s | %s | %v\n", d.Summary, d.Detail, d.Subject)
		}
	}
}
