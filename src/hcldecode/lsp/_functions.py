"""The functions and variables a decoder gives expressions, described for an editor."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..decoding import Decoder
from ..ext.typeexpr import type_string
from ..pytypes import function
from ..values import DYNAMIC, Function, MapType, ObjectType, Type, Value

__all__ = ["FunctionDoc", "function_docs", "members", "type_text", "variables"]


@attrs.frozen
class FunctionDoc:
    """A function's name, signature (``upper(str string) string``) and description."""

    name: str
    signature: str
    description: str
    #: How many parameters it has (a variadic one counts), for the call's snippet.
    arity: int


def type_text(t: Type) -> str:
    try:
        return "any" if t == DYNAMIC else type_string(t)
    except TypeError:  # capsule types have no type expression
        return t.friendly_name()


def _describe(name: str, fn: Function) -> FunctionDoc:
    params = [f"{p.name} {type_text(p.type)}" for p in fn.params]
    if fn.var_param is not None:
        params.append(f"{fn.var_param.name}... {type_text(fn.var_param.type)}")
    try:
        result = type_text(fn.return_type_for([Value.unknown(p.type) for p in fn.params]))
    except Exception:  # (a result type that depends on values it is not given)
        result = "any"
    arity = len(fn.params) + (1 if fn.var_param is not None else 0)
    return FunctionDoc(name, f"{name}({', '.join(params)}) {result}", fn.description, arity)


def function_docs(decoder: Decoder) -> dict[str, FunctionDoc]:
    """The decoder's functions, by name (plain callables read as the decoder reads them)."""
    found: dict[str, FunctionDoc] = {}
    for name, fn in (decoder.functions or {}).items():
        try:
            made = fn if isinstance(fn, Function) else function(fn, name=name, types=decoder.types)
        except Exception:  # (the decoder reports a broken function when called)
            continue
        found[name] = _describe(name, made)
    return dict(sorted(found.items()))


def variables(decoder: Decoder) -> dict[str, Value]:
    """The decoder's variables, as values (those it cannot convert are left out)."""
    found: dict[str, Value] = {}
    for name, obj in (decoder.variables or {}).items():
        try:
            found[name] = decoder.types.to_value(obj)
        except Exception:  # (the decoder reports it when decoding)
            continue
    return found


def members(value: Value) -> Mapping[str, Type]:
    """The attributes of an object value (or the keys of a map), with their types."""
    t = value.type
    if isinstance(t, ObjectType):
        return dict(t.attributes)
    if isinstance(t, MapType) and value.is_known and not value.is_null:
        return {key: t.element for key, _ in value.items()}
    return {}
