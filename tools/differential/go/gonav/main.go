// Command gonav prints what HCL's reading API for tools gives, so that
// tools/differential/differential_navigation.py can compare hcldecode's with it.
//
// Each input line is a JSON object with an "op" and the source, base64 in
// "src" (any bytes); each output line is one JSON object:
//
//   - {"op": "nav", "syntax": "native"|"json", "src", "filename", "offsets": [...],
//     "start": [line, column, byte] (optional)}: the parse diagnostics, for
//     each byte offset what hcl.File's BlocksAtPos, InnermostBlockAtPos,
//     OutermostBlockAtPos, AttributeAtPos and OutermostExprAtPos give, with
//     hcled.ContextString and ContextDefRange, and the attributes
//     JustAttributes finds in the file's body, sorted by name.
//   - {"op": "lex", "mode": "config"|"template", "src", "filename", "start"}:
//     the tokens of LexConfig (or LexTemplate) with their type, bytes and
//     range, and the lexer's diagnostics.
//   - {"op": "walk", "mode": "config"|"expr"|"template", "src", "filename"}:
//     the Enter and Exit calls of hclsyntax.Walk over the parsed file or
//     expression, each with the node's Go type and range.
//   - {"op": "path", "type", "value" (go-cty JSON), "path": [{"attr": name} |
//     {"index": value, "key_type": type}]}: hcl.ApplyPath's value and diagnostics.
//
// A range is [start line, column, byte, end line, column, byte].
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcled"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type request struct {
	Op       string            `json:"op"`
	Syntax   string            `json:"syntax"`
	Mode     string            `json:"mode"`
	Src      string            `json:"src"`
	Filename string            `json:"filename"`
	Offsets  []int             `json:"offsets"`
	Start    []int             `json:"start"`
	Type     json.RawMessage   `json:"type"`
	Value    json.RawMessage   `json:"value"`
	Path     []json.RawMessage `json:"path"`
}

type step struct {
	Attr    *string         `json:"attr"`
	Index   json.RawMessage `json:"index"`
	KeyType json.RawMessage `json:"key_type"`
}

func rng(r hcl.Range) []int {
	return []int{r.Start.Line, r.Start.Column, r.Start.Byte, r.End.Line, r.End.Column, r.End.Byte}
}

func rngPtr(r *hcl.Range) interface{} {
	if r == nil {
		return nil
	}
	return rng(*r)
}

func diagnostics(diags hcl.Diagnostics) []interface{} {
	out := []interface{}{}
	for _, d := range diags {
		severity := "error"
		if d.Severity == hcl.DiagWarning {
			severity = "warning"
		}
		out = append(out, map[string]interface{}{
			"severity": severity,
			"summary":  d.Summary,
			"detail":   d.Detail,
			"subject":  rngPtr(d.Subject),
			"context":  rngPtr(d.Context),
		})
	}
	return out
}

func block(b *hcl.Block) interface{} {
	if b == nil {
		return nil
	}
	labels := []interface{}{}
	for i, label := range b.Labels {
		labels = append(labels, []interface{}{label, rng(b.LabelRanges[i])})
	}
	return map[string]interface{}{
		"type":       b.Type,
		"labels":     labels,
		"def_range":  rng(b.DefRange),
		"type_range": rng(b.TypeRange),
	}
}

func startPos(start []int) hcl.Pos {
	if len(start) == 3 {
		return hcl.Pos{Line: start[0], Column: start[1], Byte: start[2]}
	}
	return hcl.InitialPos
}

func nav(req request, src []byte) interface{} {
	var file *hcl.File
	var diags hcl.Diagnostics
	if req.Syntax == "json" {
		file, diags = hcljson.ParseWithStartPos(src, req.Filename, startPos(req.Start))
	} else {
		file, diags = hclsyntax.ParseConfig(src, req.Filename, startPos(req.Start))
	}
	results := []interface{}{}
	for _, offset := range req.Offsets {
		pos := hcl.Pos{Byte: offset}
		blocks := []interface{}{}
		for _, b := range file.BlocksAtPos(pos) {
			blocks = append(blocks, block(b))
		}
		var attr interface{}
		if a := file.AttributeAtPos(pos); a != nil {
			attr = map[string]interface{}{
				"name":       a.Name,
				"range":      rng(a.Range),
				"name_range": rng(a.NameRange),
				"expr":       rng(a.Expr.Range()),
			}
		}
		var expr interface{}
		if e := file.OutermostExprAtPos(pos); e != nil {
			expr = rng(e.Range())
		}
		results = append(results, map[string]interface{}{
			"context":   hcled.ContextString(file, offset),
			"def_range": rng(hcled.ContextDefRange(file, offset)),
			"offset":    offset,
			"blocks":    blocks,
			"innermost": block(file.InnermostBlockAtPos(pos)),
			"outermost": block(file.OutermostBlockAtPos(pos)),
			"attribute": attr,
			"expr":      expr,
		})
	}
	attrs, _ := file.Body.JustAttributes()
	names := make([]string, 0, len(attrs))
	for name := range attrs {
		names = append(names, name)
	}
	sort.Strings(names)
	attributes := []interface{}{}
	for _, name := range names {
		a := attrs[name]
		attributes = append(attributes, map[string]interface{}{
			"name":       a.Name,
			"range":      rng(a.Range),
			"name_range": rng(a.NameRange),
			"expr":       rng(a.Expr.Range()),
		})
	}
	return map[string]interface{}{
		"diagnostics": diagnostics(diags),
		"results":     results,
		"attributes":  attributes,
	}
}

func lex(req request, src []byte) interface{} {
	var tokens hclsyntax.Tokens
	var diags hcl.Diagnostics
	if req.Mode == "template" {
		tokens, diags = hclsyntax.LexTemplate(src, req.Filename, startPos(req.Start))
	} else {
		tokens, diags = hclsyntax.LexConfig(src, req.Filename, startPos(req.Start))
	}
	out := []interface{}{}
	for _, tok := range tokens {
		out = append(out, []interface{}{
			tok.Type.String(), base64.StdEncoding.EncodeToString(tok.Bytes), rng(tok.Range),
		})
	}
	return map[string]interface{}{"tokens": out, "diagnostics": diagnostics(diags)}
}

type walker struct {
	events []interface{}
}

func (w *walker) event(kind string, node hclsyntax.Node) {
	w.events = append(w.events, []interface{}{kind, fmt.Sprintf("%T", node), rng(node.Range())})
}

func (w *walker) Enter(node hclsyntax.Node) hcl.Diagnostics {
	w.event("enter", node)
	return nil
}

func (w *walker) Exit(node hclsyntax.Node) hcl.Diagnostics {
	w.event("exit", node)
	return nil
}

func walk(req request, src []byte) interface{} {
	var node hclsyntax.Node
	var diags hcl.Diagnostics
	switch req.Mode {
	case "expr":
		node, diags = hclsyntax.ParseExpression(src, req.Filename, hcl.InitialPos)
	case "template":
		node, diags = hclsyntax.ParseTemplate(src, req.Filename, hcl.InitialPos)
	default:
		var file *hcl.File
		file, diags = hclsyntax.ParseConfig(src, req.Filename, hcl.InitialPos)
		node = file.Body.(*hclsyntax.Body)
	}
	w := &walker{}
	hclsyntax.Walk(node, w)
	return map[string]interface{}{"events": w.events, "diagnostics": diagnostics(diags)}
}

func applyPath(req request) interface{} {
	ty, err := ctyjson.UnmarshalType(req.Type)
	if err != nil {
		return map[string]interface{}{"error": err.Error()}
	}
	val, err := ctyjson.Unmarshal(req.Value, ty)
	if err != nil {
		return map[string]interface{}{"error": err.Error()}
	}
	var path cty.Path
	for _, raw := range req.Path {
		var s step
		if err := json.Unmarshal(raw, &s); err != nil {
			return map[string]interface{}{"error": err.Error()}
		}
		if s.Attr != nil {
			path = path.GetAttr(*s.Attr)
			continue
		}
		keyType, err := ctyjson.UnmarshalType(s.KeyType)
		if err != nil {
			return map[string]interface{}{"error": err.Error()}
		}
		key, err := ctyjson.Unmarshal(s.Index, keyType)
		if err != nil {
			return map[string]interface{}{"error": err.Error()}
		}
		path = path.Index(key)
	}
	subject := hcl.Range{
		Filename: "path.hcl",
		Start:    hcl.Pos{Line: 1, Column: 1, Byte: 0},
		End:      hcl.Pos{Line: 1, Column: 5, Byte: 4},
	}
	result, diags := hcl.ApplyPath(val, path, &subject)
	out := map[string]interface{}{"diagnostics": diagnostics(diags)}
	resultType, _ := ctyjson.MarshalType(result.Type())
	out["type"] = json.RawMessage(resultType)
	if result.IsWhollyKnown() {
		encoded, err := ctyjson.Marshal(result, result.Type())
		if err == nil {
			out["value"] = json.RawMessage(encoded)
		}
	} else {
		out["value"] = "unknown"
	}
	return out
}

func one(line []byte) (result interface{}) {
	defer func() {
		if r := recover(); r != nil {
			result = map[string]interface{}{"panic": fmt.Sprint(r)}
		}
	}()
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return map[string]interface{}{"error": err.Error()}
	}
	src, err := base64.StdEncoding.DecodeString(req.Src)
	if err != nil {
		return map[string]interface{}{"error": err.Error()}
	}
	switch req.Op {
	case "nav":
		return nav(req, src)
	case "lex":
		return lex(req, src)
	case "walk":
		return walk(req, src)
	case "path":
		return applyPath(req)
	}
	return map[string]interface{}{"error": "unknown op " + req.Op}
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<28)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		text, err := json.Marshal(one(in.Bytes()))
		if err != nil {
			text, _ = json.Marshal(map[string]interface{}{"error": err.Error()})
		}
		out.Write(text)
		out.WriteString("\n")
		out.Flush()
	}
}
