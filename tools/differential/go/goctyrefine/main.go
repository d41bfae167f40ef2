// Command goctyrefine prints go-cty's refinements of unknown numbers and the
// bounds of their ranges for the cases tests/values/test_refinement_bounds.py
// holds. Debian's go-cty 1.12.1 has no refinements: build it against a newer
// go-cty (v1.16.4, the newest that Go 1.19 builds; its refinement code is the
// same as v1.18.1's), see tools/README.md.
package main

import (
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

func show(name string, v cty.Value) {
	fmt.Printf("%s => %#v\n", name, v)
	if v.Type() == cty.Number {
		lo, loInc := v.Range().NumberLowerBound()
		hi, hiInc := v.Range().NumberUpperBound()
		fmt.Printf("   lower %#v %v upper %#v %v\n", lo, loInc, hi, hiInc)
	}
}

func main() {
	u := cty.UnknownVal(cty.Number)
	r := u.Refine().NumberRangeInclusive(cty.NumberIntVal(1), cty.NumberIntVal(9)).NewValue()
	inf := cty.PositiveInfinity
	one, two, zero := cty.NumberIntVal(1), cty.NumberIntVal(2), cty.NumberIntVal(0)
	show("u", u)
	show("u.RefineNotNull()", u.RefineNotNull())
	show("u.Range().Includes(+inf)", u.Range().Includes(inf))
	show("u.Range().Includes(-inf)", u.Range().Includes(cty.NegativeInfinity))
	show("u.Equals(+inf)", u.Equals(inf))
	d, _ := stdlib.Divide(u, zero)
	show("Divide(u, 0)", d)
	f, _ := stdlib.Floor(d)
	show("Floor(Divide(u, 0))", f)
	show("Floor(u/0).Range().Includes(+inf)", f.Range().Includes(inf))
	show("Floor(u/0).Equals(+inf)", f.Equals(inf))
	e, _ := stdlib.Equal(u, inf)
	show("Equal(u, +inf)", e)
	e, _ = stdlib.Equal(d, inf)
	show("Equal(u/0, +inf)", e)
	e, _ = stdlib.Equal(f, inf)
	show("Equal(floor(u/0), +inf)", e)
	lt, _ := stdlib.LessThan(u, inf)
	show("LessThan(u, +inf)", lt)
	show("r.Add(1)", r.Add(one))
	show("r.Multiply(r)", r.Multiply(r))
	show("r.Subtract(u)", r.Subtract(u))
	show("r.Multiply(u)", r.Multiply(u))
	z := u.Refine().NumberRangeInclusive(zero, cty.NumberIntVal(9)).NewValue()
	show("(0..9).Multiply(u)", z.Multiply(u))
	show("r.Divide(2)", r.Divide(two))
	show("r.Modulo(2)", r.Modulo(two))
	show("r.Negate()", r.Negate())
	show("u.Add(+inf)", u.Add(inf))
	lb := u.Refine().NumberRangeLowerBound(cty.NumberIntVal(3), false).NewValue()
	show("(>3).Add(1)", lb.Add(one))
	show("r.Multiply(+inf)", r.Multiply(inf))
	show("r.Multiply(0)", r.Multiply(zero))
	m, _ := stdlib.Multiply(r, zero)
	show("Multiply(r, 0)", m)
	a, _ := stdlib.Add(r, one)
	show("Add(r, 1)", a)
	fl, _ := stdlib.Floor(r)
	show("Floor(r)", fl)
}
