// Command gohclwrite prints what HCL's hclwrite makes of builder calls and of
// edits of files, one JSON input line at a time.
//
// A line {"expr": SPEC} builds tokens with the TokensFor* functions; SPEC is
// one of {"value": {"type": T, "value": V}} (go-cty JSON), {"traversal":
// [{"root": NAME} | {"attr": NAME} | {"index": {"type": T, "value": V}}, ...]},
// {"ident": NAME}, {"tuple": [SPEC, ...]}, {"object": [[SPEC, SPEC], ...]} or
// {"call": NAME, "args": [SPEC, ...]}.
//
// A line {"file": TEXT, "ops": [OP, ...]} parses TEXT with hclwrite.ParseConfig
// and applies each OP in order; a BLOCK is a path of indexes into Blocks()
// from the file's body ([] is the file's body itself):
//
//	{"op": "set_type", "block": BLOCK, "type": NAME}
//	{"op": "clear", "block": BLOCK}                      (the block's body)
//	{"op": "append_block", "to": BLOCK, "from": BLOCK, "from_file": TEXT}
//	    removes the block at "from" (in from_file, else in the file itself)
//	    from its body, then appends it to the body at "to" (AppendBlock)
//	{"op": "rename", "block": BLOCK, "attribute": NAME, "search": [...], "replace": [...]}
//	    RenameVariablePrefix on one attribute's expression, or with no
//	    attribute on every attribute of the body and of the blocks in it
//
// Each output line is the resulting text, JSON-quoted, or an error message
// starting with "!".
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type typedValue struct {
	Type  json.RawMessage `json:"type"`
	Value json.RawMessage `json:"value"`
}

type step struct {
	Root  *string     `json:"root"`
	Attr  *string     `json:"attr"`
	Index *typedValue `json:"index"`
}

type spec struct {
	Value     *typedValue `json:"value"`
	Traversal []step      `json:"traversal"`
	Ident     *string     `json:"ident"`
	Tuple     []spec      `json:"tuple"`
	IsTuple   bool        `json:"-"`
	Object    [][2]spec   `json:"object"`
	Call      *string     `json:"call"`
	Args      []spec      `json:"args"`
}

type op struct {
	Op        string   `json:"op"`
	Block     []int    `json:"block"`
	Type      string   `json:"type"`
	To        []int    `json:"to"`
	From      []int    `json:"from"`
	FromFile  *string  `json:"from_file"`
	Attribute *string  `json:"attribute"`
	Search    []string `json:"search"`
	Replace   []string `json:"replace"`
}

type line struct {
	Expr json.RawMessage `json:"expr"`
	File *string         `json:"file"`
	Ops  []op            `json:"ops"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		fmt.Fprintln(out, one(in.Bytes()))
	}
}

func one(input []byte) (result string) {
	defer func() {
		if r := recover(); r != nil {
			result = fmt.Sprintf("!panic: %v", r)
		}
	}()
	var l line
	if err := json.Unmarshal(input, &l); err != nil {
		return "!" + err.Error()
	}
	var text []byte
	if l.File != nil {
		t, err := edit(*l.File, l.Ops)
		if err != nil {
			return "!" + err.Error()
		}
		text = t
	} else {
		var raw interface{}
		decoder := json.NewDecoder(bytes.NewReader(l.Expr))
		decoder.UseNumber() // numbers stay as their exact text
		if err := decoder.Decode(&raw); err != nil {
			return "!" + err.Error()
		}
		toks, err := build(raw)
		if err != nil {
			return "!" + err.Error()
		}
		text = toks.Bytes()
	}
	quoted, _ := json.Marshal(string(text))
	return string(quoted)
}

func value(raw interface{}) (cty.Value, error) {
	m, _ := raw.(map[string]interface{})
	tb, _ := json.Marshal(m["type"])
	vb, _ := json.Marshal(m["value"])
	ty, err := ctyjson.UnmarshalType(tb)
	if err != nil {
		return cty.NilVal, err
	}
	return ctyjson.Unmarshal(vb, ty)
}

func build(raw interface{}) (hclwrite.Tokens, error) {
	m, ok := raw.(map[string]interface{})
	if !ok {
		return nil, fmt.Errorf("not an object: %v", raw)
	}
	if v, ok := m["value"]; ok {
		val, err := value(v)
		if err != nil {
			return nil, err
		}
		return hclwrite.TokensForValue(val), nil
	}
	if steps, ok := m["traversal"]; ok {
		var traversal hcl.Traversal
		for _, s := range steps.([]interface{}) {
			sm := s.(map[string]interface{})
			switch {
			case sm["root"] != nil:
				traversal = append(traversal, hcl.TraverseRoot{Name: sm["root"].(string)})
			case sm["attr"] != nil:
				traversal = append(traversal, hcl.TraverseAttr{Name: sm["attr"].(string)})
			default:
				key, err := value(sm["index"])
				if err != nil {
					return nil, err
				}
				traversal = append(traversal, hcl.TraverseIndex{Key: key})
			}
		}
		return hclwrite.TokensForTraversal(traversal), nil
	}
	if name, ok := m["ident"]; ok {
		return hclwrite.TokensForIdentifier(name.(string)), nil
	}
	if elems, ok := m["tuple"]; ok {
		var parts []hclwrite.Tokens
		for _, e := range elems.([]interface{}) {
			toks, err := build(e)
			if err != nil {
				return nil, err
			}
			parts = append(parts, toks)
		}
		return hclwrite.TokensForTuple(parts), nil
	}
	if attrs, ok := m["object"]; ok {
		var parts []hclwrite.ObjectAttrTokens
		for _, a := range attrs.([]interface{}) {
			pair := a.([]interface{})
			name, err := build(pair[0])
			if err != nil {
				return nil, err
			}
			val, err := build(pair[1])
			if err != nil {
				return nil, err
			}
			parts = append(parts, hclwrite.ObjectAttrTokens{Name: name, Value: val})
		}
		return hclwrite.TokensForObject(parts), nil
	}
	if name, ok := m["call"]; ok {
		var args []hclwrite.Tokens
		for _, a := range m["args"].([]interface{}) {
			toks, err := build(a)
			if err != nil {
				return nil, err
			}
			args = append(args, toks)
		}
		return hclwrite.TokensForFunctionCall(name.(string), args...), nil
	}
	return nil, fmt.Errorf("unknown spec %v", raw)
}

func parse(text string) (*hclwrite.File, error) {
	f, diags := hclwrite.ParseConfig([]byte(text), "in.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		return nil, diags
	}
	return f, nil
}

// body gives the body at a path, and the body holding that block (nil for
// the file's body) with the block.
func body(f *hclwrite.File, path []int) (*hclwrite.Body, *hclwrite.Body, *hclwrite.Block) {
	b := f.Body()
	var parent *hclwrite.Body
	var block *hclwrite.Block
	for _, i := range path {
		parent = b
		block = b.Blocks()[i]
		b = block.Body()
	}
	return b, parent, block
}

func renameAll(b *hclwrite.Body, search, replace []string) {
	for _, a := range b.Attributes() {
		a.Expr().RenameVariablePrefix(search, replace)
	}
	for _, blk := range b.Blocks() {
		renameAll(blk.Body(), search, replace)
	}
}

func edit(text string, ops []op) ([]byte, error) {
	f, err := parse(text)
	if err != nil {
		return nil, err
	}
	for _, o := range ops {
		switch o.Op {
		case "set_type":
			_, _, block := body(f, o.Block)
			block.SetType(o.Type)
		case "clear":
			b, _, _ := body(f, o.Block)
			b.Clear()
		case "append_block":
			source := f
			if o.FromFile != nil {
				source, err = parse(*o.FromFile)
				if err != nil {
					return nil, err
				}
			}
			_, parent, block := body(source, o.From)
			parent.RemoveBlock(block)
			target, _, _ := body(f, o.To)
			target.AppendBlock(block)
		case "rename":
			b, _, _ := body(f, o.Block)
			if o.Attribute != nil {
				b.GetAttribute(*o.Attribute).Expr().RenameVariablePrefix(o.Search, o.Replace)
			} else {
				renameAll(b, o.Search, o.Replace)
			}
		default:
			return nil, fmt.Errorf("unknown op %q", o.Op)
		}
	}
	return f.Bytes(), nil
}
