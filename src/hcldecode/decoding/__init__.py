"""Declarative decoding: configuration classes in, typed objects out."""

from __future__ import annotations

from ._api import (
    Decoded,
    DecodeError,
    Decoder,
    decode,
    decode_block,
    decode_body,
    decode_expression,
    decode_partial,
    loads,
    parse,
    parse_config,
    parse_config_file,
    parse_file,
    reject_unclaimed,
    schema_of,
)
from ._classinfo import SchemaError
from ._markers import (
    attr,
    attr_range,
    block,
    body,
    def_range,
    label,
    label_range,
    remain,
    type_range,
)

__all__ = [
    "DecodeError",
    "Decoded",
    "Decoder",
    "SchemaError",
    "attr",
    "attr_range",
    "block",
    "body",
    "decode",
    "decode_block",
    "decode_body",
    "decode_expression",
    "decode_partial",
    "def_range",
    "label",
    "label_range",
    "loads",
    "parse",
    "parse_config",
    "parse_config_file",
    "parse_file",
    "reject_unclaimed",
    "remain",
    "schema_of",
    "type_range",
]
